import { createConfig, lintFromString } from '@redocly/openapi-core';
import { buildGatewayOpenApiDocument } from '@printpool/contracts';

describe('the public OpenAPI document', () => {
  it("passes Redocly's recommended rules", async () => {
    const document = buildGatewayOpenApiDocument();
    // Sign-in, sign-out and the OAuth callbacks succeed with a redirect, which the rule does not
    // count; the test below asks every operation for a 2xx or a 3xx instead.
    const config = await createConfig({ extends: ['recommended'], rules: { 'operation-2xx-response': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('gives every operation a success: a 2xx, or a redirect', () => {
    const document = buildGatewayOpenApiDocument();
    const without = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { responses: Record<string, unknown> }>)
        .filter(([, operation]) => !Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status)))
        .map(([method]) => `${method} ${path}`),
    );
    expect(without).toEqual([]);
  });
});

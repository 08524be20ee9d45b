import { createRouter, type ServiceRouter } from '@printpool/service-kit';
import { buildGatewayOpenApiDocument, inventoryAsyncApi } from '@printpool/contracts';
import { ownOrigin } from '../http/ownOrigin.js';
import { buildRemotesManifest, type RemoteConfig } from '../web/remotes.js';

/** The gateway's OpenAPI document, the AsyncAPI document of the events, and the shell's runtime remotes manifest. */
export function metaRoutes(deps: { remotes: readonly RemoteConfig[]; publicOrigin?: string }): ServiceRouter {
  const router = createRouter();
  const openapi = buildGatewayOpenApiDocument();

  router.get('/api/openapi.json', (ctx) => {
    ctx.body = openapi;
  });

  const asyncapi = inventoryAsyncApi();
  router.get('/api/asyncapi.json', (ctx) => {
    ctx.body = asyncapi;
  });

  router.get('/remotes.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = buildRemotesManifest(deps.remotes, deps.publicOrigin ?? ownOrigin(ctx));
  });

  return router;
}

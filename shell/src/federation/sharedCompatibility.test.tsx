import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { RemoteBoundary } from './RemoteBoundary.js';
import { serveApiDuringTests } from '@printpool/platform/testing';
import { assertCompatible, IncompatibleRemote, keepDeclaredShared, unmetRequirements } from './sharedCompatibility.js';

const api = serveApiDuringTests({
  '/remotes/catalog/mf-manifest.json': { status: 200, body: JSON.stringify({ shared: [{ name: 'react', requiredVersion: '^19.0.0', singleton: true }] }) },
  '/remotes/orders/mf-manifest.json': { status: 200, body: JSON.stringify({ shared: [] }) },
});

afterEach(cleanup);

const provided = new Map([
  ['react', '19.3.1'],
  ['@printpool/platform', '0.1.0'],
]);

describe('a remote built for other shared libraries', () => {
  it('is told apart by what it requires of the singletons the shell provides', () => {
    expect(
      unmetRequirements(
        [
          { name: 'react', requiredVersion: '^19.2.0', singleton: true },
          { name: '@printpool/platform', requiredVersion: '0.1.0', singleton: true },
          { name: 'zustand', requiredVersion: '^9.0.0', singleton: true },
          { name: 'dayjs', requiredVersion: '^2.0.0', singleton: false },
        ],
        provided,
      ),
    ).toEqual([]);
    expect(
      unmetRequirements(
        [
          { name: 'react', requiredVersion: '^20.0.0', singleton: true },
          { name: '@printpool/platform', requiredVersion: '0.2.0', singleton: true },
        ],
        provided,
      ),
    ).toEqual(['react ^20.0.0 (this app has 19.3.1)', '@printpool/platform 0.2.0 (this app has 0.1.0)']);
  });

  it('shows in its own area what it needs, with no Retry that could not help', () => {
    const Thrower = () => {
      throw new IncompatibleRemote(['react ^20.0.0 (this app has 19.3.1)']);
    };
    // React reports the caught error on the console; the boundary's answer is what counts here.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <RemoteBoundary remote={{ name: 'mfe_catalog', label: 'Catalog' }} onRetry={() => undefined} answers={async () => false}>
          <Thrower />
        </RemoteBoundary>,
      );
    } finally {
      quiet.mockRestore();
    }
    const area = screen.getByTestId('remote-error-mfe_catalog');
    expect(area.textContent).toContain('Catalog cannot run in this version of PrintPool');
    expect(area.textContent).toContain('It needs react ^20.0.0 (this app has 19.3.1).');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("reads a remote's manifest once, however many of its modules a page loads", async () => {
    const manifest = '/remotes/catalog/mf-manifest.json';
    await Promise.all([assertCompatible(manifest), assertCompatible(manifest)]);
    await assertCompatible(manifest);
    expect(api.requests.filter((request) => request.path === '/remotes/catalog/mf-manifest.json')).toHaveLength(1);
  });

  it('downloads no manifest the federation runtime already read', async () => {
    const manifestUrl = '/remotes/orders/mf-manifest.json';
    const manifestJson = { shared: [{ name: 'react', requiredVersion: '^19.0.0', singleton: true }] };
    await keepDeclaredShared.afterLoadManifest!({ manifestUrl, manifestJson } as never);
    await assertCompatible(manifestUrl);
    expect(api.requests.filter((request) => request.path === manifestUrl)).toHaveLength(0);
  });
});

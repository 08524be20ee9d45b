import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import type { Route } from '../../test-support/apiServer.js';
import { renderWithPlatform } from '../../test-support/renderWithPlatform.js';
import { serveApiDuringTests } from '../../test-support/serveApi.js';
import { useAuth } from './useAuth.js';
import { useCan } from './useCan.js';

const routes: Record<string, Route> = {};
serveApiDuringTests(routes);
afterEach(cleanup);

function Actions() {
  const { user } = useAuth();
  const canWork = useCan('staff');
  const canManage = useCan('owner');
  return (
    <div>
      <span>{user?.email ?? 'Loading'}</span>
      {canWork && <button>Delete</button>}
      {canManage && <button>Disconnect</button>}
    </div>
  );
}

const signedInAs = (role?: string) => {
  routes['/api/auth/user'] = { status: 200, body: JSON.stringify({ id: '1', email: 'pat@example.com', ...(role ? { role } : {}) }) };
};
const offered = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('the actions a member is offered', () => {
  it.each([
    ['owner', ['Delete', 'Disconnect']],
    ['staff', ['Delete']],
  ])('a member who is %s is offered %j', async (role, actions) => {
    signedInAs(role);
    renderWithPlatform(<Actions />);
    expect(await screen.findByText('pat@example.com')).toBeTruthy();
    expect(offered()).toEqual(actions);
  });

  it('a viewer, or a member whose role the gateway does not say, is offered none', async () => {
    for (const role of ['viewer', undefined]) {
      signedInAs(role);
      renderWithPlatform(<Actions />);
      expect(await screen.findByText('pat@example.com')).toBeTruthy();
      expect(offered()).toEqual([]);
      cleanup();
    }
  });
});

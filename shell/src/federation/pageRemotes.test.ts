import { remoteModulesOf } from './pageRemotes.js';

const names = (pathname: string) => remoteModulesOf(pathname).map(({ remote, exposed }) => `${remote.name}/${exposed}`);

describe('what a first page loads from remotes', () => {
  it("the dashboard loads each remote's widgets once; a remote page its routes, below any of its paths", () => {
    expect(names('/dashboard')).toEqual(['mfe_purchase_orders/widgets', 'mfe_sales_orders/widgets', 'mfe_catalog/widgets']);
    expect(names('/sales-orders')).toEqual(['mfe_sales_orders/routes']);
    expect(names('/purchase-orders/12')).toEqual(['mfe_purchase_orders/routes']);
    expect(names('/items')).toEqual(['mfe_catalog/routes']);
  });

  it("the settings page loads the purchase orders remote's settings, for the vendors' program defaults", () => {
    expect(names('/settings')).toEqual(['mfe_purchase_orders/settings']);
  });

  it('the landing and legal pages and look-alike paths load none', () => {
    for (const path of ['/', '/help', '/team', '/settingsx', '/itemsx', '/login']) expect(names(path)).toEqual([]);
  });
});

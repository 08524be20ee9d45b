import { describe, expect, it } from '@jest/globals';
import { ListPagingQuerySchema } from './inventoryLists.js';

describe('list paging', () => {
  it('clamps paging rather than refusing it', () => {
    expect(ListPagingQuerySchema.parse({ limit: '5000', offset: 'x', search: '  acme ' })).toEqual({ search: 'acme', limit: 1000, offset: 0 });
    expect(ListPagingQuerySchema.parse({})).toEqual({ search: null, limit: 100, offset: 0 });
  });
});

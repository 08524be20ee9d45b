import { expect, it } from '@jest/globals';
import { throwIfNotOk } from './apiRequest.js';
import { versionConflictOf } from './versionConflict.js';

const failed = (status: number, body: unknown) => throwIfNotOk(new Response(JSON.stringify(body), { status })).catch((error: unknown) => error);

it('gives the record as it now is and what differs when a save was based on an older version', async () => {
  const details = { current: { id: 7, status: 'closed' }, differences: [{ field: 'Status', path: ['status'], current: 'closed', proposed: 'open' }] };
  const error = await failed(409, { message: 'Someone changed this purchase order since you opened it: Status', code: 'VERSION_CONFLICT', details });
  expect(versionConflictOf(error)).toEqual(details);
});

it('gives nothing for any other refusal', async () => {
  expect(versionConflictOf(await failed(409, { message: 'The PO number is taken', code: 'CONFLICT', details: { field: 'poNumber' } }))).toBeNull();
  expect(versionConflictOf(await failed(400, { message: 'status: invalid', code: 'VERSION_CONFLICT' }))).toBeNull();
  expect(versionConflictOf(new Error('409: conflict'))).toBeNull();
});

import { expect, it } from '@jest/globals';
import { createQueryClient, PlatformProvider, type AuthUser } from '@printpool/platform';
import { fireEvent, render, screen } from '@testing-library/react';
import { BulkDetectionForm } from './BulkDetectionForm.js';

const user: AuthUser = {
  id: '1',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: null,
  profileImageUrl: null,
  bulkPoSuffix: null,
  bulkEstimateSuffix: '-BULK',
  faxNumber: null,
};

function renderForm() {

  render(
    <PlatformProvider client={createQueryClient()}>
      <BulkDetectionForm user={user} />
    </PlatformProvider>,
  );
}

it('loads the saved values, -BL where none is saved', () => {
  renderForm();
  expect((screen.getByLabelText('Purchase Order Suffix') as HTMLInputElement).value).toBe('-BL');
  expect((screen.getByLabelText('Estimate Suffix') as HTMLInputElement).value).toBe('-BULK');
});

it('formats the fax number while typing, within 14 characters', () => {
  renderForm();
  const fax = screen.getByPlaceholderText('(555) 123-4567') as HTMLInputElement;
  expect(fax.maxLength).toBe(14);
  fireEvent.change(fax, { target: { value: '555123' } });
  expect(fax.value).toBe('(555) 123');
  fireEvent.change(fax, { target: { value: '5551234567' } });
  expect(fax.value).toBe('(555) 123-4567');
});

it('requires both suffixes', async () => {
  renderForm();
  fireEvent.change(screen.getByLabelText('Purchase Order Suffix'), { target: { value: '' } });
  fireEvent.change(screen.getByLabelText('Estimate Suffix'), { target: { value: '' } });
  expect(await screen.findByText('Purchase Order suffix is required')).toBeTruthy();
  expect(await screen.findByText('Estimate suffix is required')).toBeTruthy();
});

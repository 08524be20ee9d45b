import { afterEach, expect, it } from '@jest/globals';
import { PullTicketShipmentSchema, UserSettingsInputSchema } from '@printpool/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, Switch } from 'antd';
import { ruleFrom, ruleInForm } from './contractRules.js';

afterEach(cleanup);

const submit = () => fireEvent.submit(screen.getByRole('form'));

it("refuses a field in its contract schema's own words, and marks it required when the schema refuses it empty", async () => {
  render(
    <Form name="settings" aria-label="form" initialValues={{ bulkPoSuffix: '' }}>
      <Form.Item label="Suffix" name="bulkPoSuffix" rules={[ruleFrom(UserSettingsInputSchema.shape.bulkPoSuffix)]}>
        <Input />
      </Form.Item>
      <Form.Item label="Fax" name="faxNumber" rules={[ruleFrom(UserSettingsInputSchema.shape.faxNumber)]}>
        <Input />
      </Form.Item>
    </Form>,
  );
  expect(screen.getByLabelText('Suffix').getAttribute('aria-required')).toBe('true');
  expect(screen.getByLabelText('Fax').getAttribute('aria-required')).toBeNull();
  submit();
  expect(await screen.findByText('Purchase Order suffix is required')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Suffix'), { target: { value: '-' + 'B'.repeat(20) } });
  expect(await screen.findByText('Purchase Order suffix must be at most 20 characters')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Suffix'), { target: { value: '-BL' } });
  fireEvent.change(screen.getByLabelText('Fax'), { target: { value: '555' } });
  expect(await screen.findByText('Fax number must be empty or formatted as (555) 123-4567')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText(/Purchase Order suffix/)).toBeNull());
});

it('judges a field whose rule depends on another with the whole form', async () => {
  render(
    <Form name="ship" aria-label="form" initialValues={{ sendEmail: true, customerEmail: '' }}>
      <Form.Item label="Notify" name="sendEmail" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item label="Customer Email" name="customerEmail" dependencies={['sendEmail']} rules={[ruleInForm(PullTicketShipmentSchema, 'customerEmail')]}>
        <Input />
      </Form.Item>
    </Form>,
  );
  expect(screen.getByLabelText('Customer Email').getAttribute('aria-required')).toBe('true');
  submit();
  expect(await screen.findByText('Customer email is required to send the shipping notification')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Customer Email'), { target: { value: 'not-an-address' } });
  expect(await screen.findByText('Customer email must be a valid e-mail address')).toBeTruthy();

  fireEvent.change(screen.getByLabelText('Customer Email'), { target: { value: '' } });
  fireEvent.click(screen.getByRole('switch'));
  await waitFor(() => expect(screen.queryByText(/Customer email/)).toBeNull());
  expect(screen.getByLabelText('Customer Email').getAttribute('aria-required')).toBeNull();
});

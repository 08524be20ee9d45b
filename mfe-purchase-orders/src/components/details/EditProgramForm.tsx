import type { PurchaseOrderProgram, VersionChoice } from '@printpool/contracts';
import { versionConflictOf } from '@printpool/platform';
import { Button, Flex } from '@printpool/ui';
import { Form, InputNumber, VersionConflictReview } from '@printpool/ui/form';
import { Input } from '@printpool/ui/input';
import { useState } from 'react';
import { useUpdatePurchaseOrderProgram } from '../../api/useUpdatePurchaseOrderProgram.js';
import { programFormValues, resolveTermsConflict, toProgramBody, type ProgramFormValues } from '../../domain/programTerms.js';
import { half, ProgramTermsFields, wholeRule } from '../program/ProgramTermsFields.js';

/**
 * Edit program (docs/product.md §2, Purchase Order Details): the bulk PO's terms, saved as its
 * own on the version the form was opened at; a save someone overtook keeps the input and offers
 * theirs or mine per field.
 */
export function EditProgramForm({ program, onDone }: { program: PurchaseOrderProgram; onDone: () => void }) {
  const [form] = Form.useForm<ProgramFormValues>();
  // The terms the form was filled from: a refresh while it is open must not move the version it saves on.
  const [opened] = useState(program);
  const update = useUpdatePurchaseOrderProgram(opened.purchaseOrderId);
  const conflict = versionConflictOf<PurchaseOrderProgram>(update.error);
  const formValues = () => form.getFieldsValue(true) as ProgramFormValues;
  const save = () => update.mutate({ body: toProgramBody(formValues()), version: opened.version }, { onSuccess: onDone });
  const saveAgain = (choices: VersionChoice[]) => {
    const resolved = resolveTermsConflict(formValues(), conflict!.differences, choices);
    form.setFieldsValue(resolved);
    update.mutate({ body: toProgramBody(resolved), version: conflict!.current.version }, { onSuccess: onDone });
  };

  return (
    <Form form={form} layout="vertical" initialValues={programFormValues(opened)} onFinish={save} requiredMark={false} aria-label="Edit program">
      <ProgramTermsFields
        leading={
          <Form.Item label="Expires On" name="expiresOn" style={half} rules={[{ required: true, message: 'Expires on is required' }]}>
            <Input type="date" />
          </Form.Item>
        }
        trailing={
          <Form.Item label="Planned Releases" name="plannedReleases" style={half} rules={[wholeRule('Planned releases', 1, 10_000)]}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        }
      />
      {conflict && (
        <VersionConflictReview
          key={conflict.current.version}
          what="program"
          differences={conflict.differences}
          saving={update.isPending}
          onSaveAgain={saveAgain}
        />
      )}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Flex>
    </Form>
  );
}

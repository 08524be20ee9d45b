import { Typography } from '@printpool/ui';

/**
 * The name, and QuickBooks' full name under it where it differs ('Business Cards:500 ct'), so two
 * sub-items or jobs with the same short name are told apart.
 */
export function FullNameCell({ name, fullName }: { name: string; fullName?: string | null }) {
  return (
    <>
      {name}
      {fullName && fullName !== name && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {fullName}
        </Typography.Text>
      )}
    </>
  );
}

import { useState } from 'react';
import { Alert, Button, Flex, Radio, Typography } from 'antd';
import type { VersionChoice as Choice, VersionDifference } from '@printpool/contracts';
import { SimpleTable } from './SimpleTable.js';

const plain = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * A save refused because someone changed the record since the form opened (libs/contracts
 * versionedWrite.ts): each field that differs, with the value saved meanwhile and the person's
 * own, to choose from; the person's input stays in the form until they save again.
 */
export function VersionConflictReview({
  what,
  differences,
  saving,
  onSaveAgain,
  shown = plain,
}: {
  /** 'order', 'pull ticket': what changed, in the broker's words. */
  what: string;
  differences: readonly VersionDifference[];
  saving: boolean;
  onSaveAgain: (choices: Choice[]) => void;
  /** A value as the screen shows it (a whole line, a date); plain text by default. */
  shown?: (value: unknown) => string;
}) {
  const [choices, setChoices] = useState<Choice[]>(() => differences.map(() => 'mine'));
  const rows = differences.map((difference, i) => ({ difference, i }));
  return (
    <Flex vertical gap={12} data-testid="version-conflict">
      <Alert
        type="warning"
        showIcon
        message={`Someone changed this ${what} since you opened it`}
        description="Choose, for each difference, the value to keep, then save again. Nothing is saved until you do."
      />
      <SimpleTable
        label="Differences"
        rowKey={({ i }) => i}
        rows={rows}
        empty={<Typography.Text>No field differs: save again to keep your version.</Typography.Text>}
        columns={[
          { title: 'Field', render: ({ difference }) => difference.field },
          {
            title: 'Keep',
            render: ({ difference, i }) => (
              <Radio.Group
                aria-label={`Keep for ${difference.field}`}
                value={choices[i]}
                onChange={(event) => setChoices((all) => all.map((choice, j) => (j === i ? (event.target.value as Choice) : choice)))}
                options={[
                  { value: 'theirs', label: `Saved: ${shown(difference.current)}` },
                  { value: 'mine', label: `Yours: ${shown(difference.proposed)}` },
                ]}
              />
            ),
          },
        ]}
      />
      <Flex justify="flex-end">
        <Button type="primary" disabled={saving} onClick={() => onSaveAgain(choices)}>
          Save again
        </Button>
      </Flex>
    </Flex>
  );
}

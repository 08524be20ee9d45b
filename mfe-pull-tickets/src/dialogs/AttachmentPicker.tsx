import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useToast } from '@printpool/platform';
import { Button, Flex, Typography } from '@printpool/ui';
import { useRef, type ChangeEvent } from 'react';
import { ATTACHMENT_ACCEPT, attachmentProblem, readHead } from '../domain/attachment.js';

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
}

/** Chooses one file, refusing (with a toast) a type or size the server would refuse anyway. */
export function AttachmentPicker({ file, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = attachmentProblem(chosen, await readHead(chosen));
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    onChange(chosen);
  };

  return (
    <Flex align="center" gap={8} wrap>
      {/* The shell's styles would show the native control even with `hidden`; the button opens it. */}
      <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} aria-label="Attachment" style={{ display: 'none' }} onChange={(event) => void choose(event)} />
      <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()}>
        {file ? 'Replace File' : 'Choose File'}
      </Button>
      {file ? (
        <>
          <Typography.Text data-testid="attachment-name">{file.name}</Typography.Text>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label="Remove attachment" onClick={() => onChange(null)} />
        </>
      ) : (
        <Typography.Text type="secondary">JPEG, PNG, GIF or PDF, up to 10 MB</Typography.Text>
      )}
    </Flex>
  );
}

import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DocumentPage } from '../shared/DocumentPage.js';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

export const LEGAL_LAST_UPDATED = 'January 13, 2025';

/** A dated legal text whose sections are numbered in the order given. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  return (
    <DocumentPage title={title}>
      <Card>
        <article aria-labelledby="legal-title">
          <Typography.Title id="legal-title" level={1} style={{ marginTop: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{`Last updated: ${LEGAL_LAST_UPDATED}`}</Typography.Paragraph>
          <Typography.Paragraph>{intro}</Typography.Paragraph>
          {sections.map(({ heading, body }, index) => (
            <section key={heading} aria-labelledby={`legal-section-${index + 1}`}>
              <Typography.Title id={`legal-section-${index + 1}`} level={2} style={{ fontSize: 20 }}>
                {`${index + 1}. ${heading}`}
              </Typography.Title>
              {body}
            </section>
          ))}
        </article>
      </Card>
    </DocumentPage>
  );
}

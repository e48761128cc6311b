import type { LegalDocument } from '@juntos/domain';

/** The text of one section of a legal document: its paragraph and its list, when it has them. */
export function LegalSectionBody({ section }: { section: LegalDocument['sections'][number] }) {
  return (
    <>
      {section.body && <p>{section.body}</p>}
      {section.list && (
        <ul>
          {section.list.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </>
  );
}

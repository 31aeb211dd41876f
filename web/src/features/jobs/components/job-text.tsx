// A job's free text (description, requirements, benefits) as the organization wrote it: blank
// lines separate paragraphs, runs of "- " lines become lists. Plain text only, no HTML.
type Props = { text: string | string[] | null | undefined };

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul'; items: string[] };

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const last = result[result.length - 1];
    if (!line) {
      result.push({ kind: 'p', lines: [] });
    } else if (/^[-*•] /.test(line)) {
      if (last?.kind === 'ul') last.items.push(line.slice(2));
      else result.push({ kind: 'ul', items: [line.slice(2)] });
    } else if (last?.kind === 'p') {
      last.lines.push(line);
    } else {
      result.push({ kind: 'p', lines: [line] });
    }
  }
  return result.filter((b) => (b.kind === 'p' ? b.lines.length > 0 : b.items.length > 0));
}

export function JobText({ text }: Props) {
  if (!text || (Array.isArray(text) && text.length === 0)) return null;
  if (Array.isArray(text)) {
    return (
      <ul>
        {text.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {blocks(text).map((block, index) =>
        block.kind === 'ul' ? (
          <ul key={index}>
            {block.items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.lines.join(' ')}</p>
        ),
      )}
    </>
  );
}

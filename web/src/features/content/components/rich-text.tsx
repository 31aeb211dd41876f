// Content text from the content system, shown as paragraphs. It is treated as plain text (no
// HTML is injected), with blank lines separating paragraphs and "- " lines becoming lists.
type Props = { text?: string | null };

export function RichText({ text }: Props) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean);
  return (
    <>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => /^[-*] /.test(line))) {
          return (
            <ul key={index}>
              {lines.map((line, i) => (
                <li key={i}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        const heading = /^#{1,3} (.*)$/.exec(block);
        if (heading) return <h3 key={index}>{heading[1]}</h3>;
        return <p key={index}>{block}</p>;
      })}
    </>
  );
}

// Content text from the content system (a small Markdown subset), drawn as React elements: no HTML
// is injected. Blank lines separate blocks; "- " lines are a list, "1. " lines a numbered list,
// "#"–"###" a heading; inside a line **bold** and [links](/path) (internal paths stay in the app,
// other addresses open as ordinary links).
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = { text?: string | null };

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** One line's text with its bold parts and links. */
export function inline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const [, bold, label, href] = match;
    if (bold !== undefined) parts.push(<strong key={at}>{bold}</strong>);
    else if (href && isInternal(href)) parts.push(<Link key={at} to={href}>{label}</Link>);
    else if (href && /^(https?:|mailto:)/.test(href)) parts.push(<a key={at} href={href} rel="noopener">{label}</a>);
    else parts.push(label ?? '');
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function block(text: string, index: number): ReactNode {
  const lines = text.split('\n');
  if (lines.every((line) => /^[-*] /.test(line))) {
    return <ul key={index}>{lines.map((line, i) => <li key={i}>{inline(line.slice(2))}</li>)}</ul>;
  }
  if (lines.every((line) => /^\d+\. /.test(line))) {
    return <ol key={index}>{lines.map((line, i) => <li key={i}>{inline(line.replace(/^\d+\. /, ''))}</li>)}</ol>;
  }
  const heading = /^#{1,3} (.*)$/.exec(lines[0] ?? '');
  if (heading) {
    const rest = lines.slice(1).join('\n').trim();
    return (
      <div key={index}>
        <h3>{inline(heading[1] ?? '')}</h3>
        {rest && block(rest, 0)}
      </div>
    );
  }
  return <p key={index}>{lines.flatMap((line, i) => (i === 0 ? inline(line) : [<br key={`br${i}`} />, ...inline(line)]))}</p>;
}

export function RichText({ text }: Props) {
  if (!text) return null;
  const blocks = text.split(/\n\s*\n/).map((b) => b.trim()).filter(Boolean);
  return <>{blocks.map(block)}</>;
}

// Renders a content page's sections. Sections of a type another feature owns (job listings,
// organization lists, ...) are drawn by the `renderers` the caller passes in (the app composes
// features); every other type gets the generic look: title, subline, text, cards, FAQs.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Section } from '../api/content';
import { fillPlaceholders, type PlaceholderValues } from '../lib/placeholders';
import { RichText } from './rich-text';
import styles from './content-sections.module.css';

export type SectionRenderers = Record<string, (section: Section) => ReactNode>;

type Props = { sections: Section[]; renderers?: SectionRenderers; placeholders?: PlaceholderValues; firstHeadingLevel?: 1 | 2 };

export function isActive(section: Section): boolean {
  return section.active !== false && section.base_data?.active !== false;
}

/** "sections.homepage-hero" and "homepage-hero" name the same type. */
export function sectionType(section: Section): string {
  return section.__component.split('.').pop() ?? section.__component;
}

export function ContentSections({ sections, renderers = {}, placeholders = {}, firstHeadingLevel = 2 }: Props) {
  const fill = (text?: string | null, upper = false) => (text ? fillPlaceholders(text, placeholders, upper) : text);
  let headingUsed = false;
  return (
    <>
      {sections.filter(isActive).map((section, index) => {
        const type = sectionType(section);
        const custom = renderers[type];
        if (custom) return <div key={index}>{custom(section)}</div>;
        if (type === 'divider') return <hr key={index} className={styles.divider} />;
        const title = fill(section.base_data?.title, true) ?? fill(section.title);
        const Heading = !headingUsed && firstHeadingLevel === 1 ? 'h1' : 'h2';
        if (title) headingUsed = true;
        return (
          <section key={index} className={styles.section} data-section={type}>
            {title && <Heading className={styles.title}>{title}</Heading>}
            {section.subline && <p className={styles.subline}>{fill(section.subline)}</p>}
            <RichText text={fill(section.base_data?.intro_text ?? section.intro_text)} />
            <RichText text={fill(section.content)} />
            {section.faqs && section.faqs.length > 0 && (
              <div className={styles.faqs}>
                {section.faqs.map((faq, i) => (
                  <details key={i} className={styles.faq}>
                    <summary>{faq.question ?? faq.title}</summary>
                    <RichText text={faq.answer ?? faq.content} />
                  </details>
                ))}
              </div>
            )}
            {section.cards && section.cards.length > 0 && (
              <ul className={styles.cards}>
                {section.cards.map((card, i) => (
                  <li key={i} className={styles.card}>
                    {card.title && <h3>{card.title}</h3>}
                    {card.subline && <p>{card.subline}</p>}
                    <RichText text={card.content} />
                    {card.button?.btn_route && (
                      <Link className={styles.cardButton} to={card.button.btn_route}>
                        {card.button.text ?? 'Mehr erfahren'}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {section.button?.btn_route && (
              <p>
                <Link className={styles.cardButton} to={section.button.btn_route}>
                  {section.button.text ?? 'Mehr erfahren'}
                </Link>
              </p>
            )}
            <RichText text={fill(section.base_data?.finish_text)} />
          </section>
        );
      })}
    </>
  );
}

// Sections that draw only what the content page carries: headline with text in all its variants,
// FAQs, link sheet, breadcrumbs, divider, error with code, buttons, homepage cards, testimonials,
// pricing tables, sign-in teasers and the ad-server zone.
import { useState } from 'react';
import { Link } from 'react-router';
import { config } from '@/shared/lib/config';
import type { Button, Card } from '../../api/content';
import { RichText } from '../rich-text';
import { ContentButton, ContentImage, SectionFrame, type SectionProps } from './kit';
import styles from './sections.module.css';

const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

// Material Design icon names of the content, drawn as a character (decorative).
const ICONS: Record<string, string> = {
  'mdi-account-group': '👥', 'mdi-account-search': '🔍', 'mdi-account-star': '★', 'mdi-bell-ring': '🔔',
  'mdi-clock-fast': '⏱', 'mdi-currency-eur': '€', 'mdi-flash': '⚡', 'mdi-headset': '☎', 'mdi-lightbulb-on': '💡',
  'mdi-lightning-bolt': '⚡', 'mdi-map-marker': '📍', 'mdi-map-marker-radius': '📍', 'mdi-scale-balance': '⚖',
  'mdi-shield-check': '✔', 'mdi-star': '★', 'mdi-target': '◎',
};

export function Icon({ name }: { name?: string }) {
  if (!name) return null;
  return <span className={styles.icon} aria-hidden="true">{ICONS[name] ?? '•'}</span>;
}

export function HeadlineWithText(props: SectionProps) {
  const { section } = props;
  return (
    <SectionFrame {...props}>
      {text(section.subline) && <p className={styles.subline}>{text(section.subline)}</p>}
      <RichText text={text(section.content)} />
      <ContentButton button={section.button} />
    </SectionFrame>
  );
}

function CardList({ cards, horizontal = false }: { cards: Card[]; horizontal?: boolean }) {
  if (cards.length === 0) return null;
  return (
    <ul className={horizontal ? styles.horizontalCards : styles.cards}>
      {cards.map((card, i) => (
        <li key={i} className={styles.card}>
          {card.title && <h3 className={styles.cardTitle}>{card.title}</h3>}
          {card.subline && <p>{card.subline}</p>}
          <RichText text={card.content} />
          <ContentButton button={card.button} variant="text" />
        </li>
      ))}
    </ul>
  );
}

export function HeadlineWithTextCards(props: SectionProps) {
  const { section, type } = props;
  return (
    <SectionFrame {...props}>
      <RichText text={text(section.content)} />
      <CardList cards={list<Card>(section.cards)} horizontal={type === 'headline-with-text-horizontal-cards'} />
    </SectionFrame>
  );
}

export function HeadlineWithTextIcons(props: SectionProps) {
  const items = list<{ icon?: string; title?: string; text?: string }>(props.section.items);
  return (
    <SectionFrame {...props}>
      <RichText text={text(props.section.content)} />
      <ul className={styles.iconList}>
        {items.map((item, i) => (
          <li key={i}>
            <Icon name={item.icon} />
            <div>
              {item.title && <h3 className={styles.cardTitle}>{item.title}</h3>}
              <RichText text={item.text} />
            </div>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

export function HeadlineWithTextImage(props: SectionProps) {
  const { section, type } = props;
  const right = section.image_position !== 'left';
  return (
    <SectionFrame {...props} className={type.endsWith('-v2') ? styles.v2 : undefined}>
      <div className={`${styles.withImage} ${right ? styles.imageRight : styles.imageLeft}`}>
        <div className={styles.imageText}>
          <RichText text={text(section.content)} />
          <ContentButton button={section.button} />
        </div>
        <ContentImage image={section.image} className={styles.sideImage} sizes="(min-width: 960px) 40vw, 100vw" />
      </div>
    </SectionFrame>
  );
}

export function HeadlineWithTextNumbers(props: SectionProps) {
  const numbers = list<{ value?: string; label?: string }>(props.section.numbers);
  return (
    <SectionFrame {...props}>
      <RichText text={text(props.section.content)} />
      <ol className={styles.numbers}>
        {numbers.map((n, i) => (
          <li key={i}>
            <span className={styles.numberValue}>{n.value}</span>
            <span>{n.label}</span>
          </li>
        ))}
      </ol>
    </SectionFrame>
  );
}

/** YouTube only after a click: before it, nothing is requested from the video host. */
export function HeadlineWithTextYoutubeVideo(props: SectionProps) {
  const id = text(props.section.youtube_id);
  const [playing, setPlaying] = useState(false);
  const title = text(props.section.title) ?? 'Video';
  const valid = id !== undefined && /^[A-Za-z0-9_-]{6,20}$/.test(id);
  return (
    <SectionFrame {...props}>
      <RichText text={text(props.section.content)} />
      {valid && (
        <div className={styles.video}>
          {playing ? (
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1`}
              title={title}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <div className={styles.videoConsent}>
              <p>
                Wenn du das Video abspielst, lädt dein Browser es von YouTube (Google). Dabei werden Daten wie deine IP-Adresse an
                YouTube übertragen. Mehr dazu in unserer <Link to="/datenschutz">Datenschutzerklärung</Link>.
              </p>
              <button type="button" className={`${styles.button} ${styles.primary}`} onClick={() => setPlaying(true)}>
                Video abspielen
              </button>
            </div>
          )}
        </div>
      )}
    </SectionFrame>
  );
}

/** Questions and answers as disclosures (details/summary: keyboard and screen readers work). */
export function Faqs(props: SectionProps) {
  const faqs = list<{ question?: string; answer?: string; title?: string; content?: string }>(props.section.faqs);
  return (
    <SectionFrame {...props}>
      <div className={styles.faqs}>
        {faqs.map((faq, i) => (
          <details key={i} className={styles.faq}>
            <summary>{faq.question ?? faq.title}</summary>
            <RichText text={faq.answer ?? faq.content} />
          </details>
        ))}
      </div>
    </SectionFrame>
  );
}

type PageLink = { text?: string; to?: string };

export function LinkSheet(props: SectionProps) {
  const links = list<PageLink>(props.section.links);
  return (
    <SectionFrame {...props}>
      <ul className={styles.linkSheet}>
        {links.filter((l) => l.to && l.text).map((l, i) => (
          <li key={i}><Link to={l.to!}>{l.text}</Link></li>
        ))}
      </ul>
    </SectionFrame>
  );
}

export function Breadcrumbs({ section }: SectionProps) {
  const items = list<PageLink>(section.items);
  return (
    <nav className={styles.breadcrumbs} aria-label="Brotkrümelnavigation" data-section="breadcrumbs">
      <ol>
        {items.map((item, i) => (
          <li key={i}>{item.to && i < items.length - 1 ? <Link to={item.to}>{item.text}</Link> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.text}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

export const Divider = () => <hr className={styles.divider} data-section="divider" />;

export function ErrorWithCode(props: SectionProps) {
  const { section } = props;
  const code = typeof section.statusCode === 'number' ? section.statusCode : undefined;
  return (
    <SectionFrame {...props} className={styles.errorWithCode}>
      {code !== undefined && <p className={styles.errorCode} aria-hidden="true">{code}</p>}
      {text(section.message) && <p className={styles.subline}>{text(section.message)}</p>}
      <RichText text={text(section.content)} />
      <ContentButton button={section.button} />
    </SectionFrame>
  );
}

export function RegistrationButton(props: SectionProps) {
  return (
    <SectionFrame {...props} className={styles.centered}>
      <ContentButton button={props.section.button} />
    </SectionFrame>
  );
}

export function HomepageSearchButtons(props: SectionProps) {
  const buttons = list<Button>(props.section.buttons);
  return (
    <SectionFrame {...props}>
      <p className={styles.chips}>
        {buttons.map((button, i) => <ContentButton key={i} button={button} variant="secondary" />)}
      </p>
    </SectionFrame>
  );
}

export function HomepageCards(props: SectionProps) {
  const { section } = props;
  const cards = [...list<Card>(section.cards), ...(['registrationCard', 'jobListingCard', 'profileCard'] as const)
    .map((key) => section[key] as Card | null | undefined)
    .filter((card): card is Card => Boolean(card && (card.title || card.subline)))];
  return (
    <SectionFrame {...props}>
      <CardList cards={cards} />
    </SectionFrame>
  );
}

type Testimonial = { name?: string; role?: string; quote?: string; rating?: number };

function Stars({ rating }: { rating?: number }) {
  if (typeof rating !== 'number' || rating <= 0) return null;
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p className={styles.stars} role="img" aria-label={`${full} von 5 Sternen`}>
      <span aria-hidden="true">{'★'.repeat(full)}{'☆'.repeat(5 - full)}</span>
    </p>
  );
}

export function Testimonials(props: SectionProps) {
  const testimonials = list<Testimonial>(props.section.testimonials);
  const listing = props.type === 'testimonial-listing';
  return (
    <SectionFrame {...props}>
      <ul className={listing ? styles.testimonialList : styles.cards}>
        {testimonials.map((t, i) => (
          <li key={i} className={styles.card}>
            <figure className={styles.testimonial}>
              <Stars rating={t.rating} />
              <blockquote><p>{t.quote}</p></blockquote>
              <figcaption>
                <strong>{t.name}</strong>
                {t.role && <span>{t.role}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

type Plan = { name?: string; price?: string; unit?: string; features?: string[]; highlight?: boolean; button?: Button };

export function PricingTables(props: SectionProps) {
  const plans = list<Plan>(props.section.plans);
  return (
    <SectionFrame {...props}>
      <ul className={styles.plans}>
        {plans.map((plan, i) => (
          <li key={i} className={`${styles.card} ${plan.highlight ? styles.highlight : ''}`} data-plan={plan.name}>
            {plan.highlight && <p className={styles.badge}>Empfehlung</p>}
            <h3 className={styles.cardTitle}>{plan.name}</h3>
            <p className={styles.price}>{plan.price}</p>
            {plan.unit && <p className={styles.unit}>{plan.unit}</p>}
            <ul className={styles.features}>
              {list<string>(plan.features).map((feature, j) => <li key={j}>{feature}</li>)}
            </ul>
            <ContentButton button={plan.button} variant={plan.highlight ? 'primary' : 'secondary'} />
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}

/** Sign-in teaser: a visitor gets the button (usually ?login=1), a signed-in visitor nothing to do. */
export function SignIn(props: SectionProps) {
  const { section, type } = props;
  return (
    <SectionFrame {...props} className={type === 'sign-in-cta-with-icon' ? styles.cta : undefined}>
      {type === 'sign-in-cta-with-icon' && <Icon name={text(section.icon)} />}
      {text(section.subline) && <p className={styles.subline}>{text(section.subline)}</p>}
      <ContentButton button={section.button ?? { text: 'Anmelden', btn_route: '?login=1' }} />
    </SectionFrame>
  );
}

/** A zone of the ad server: drawn only when the app was built with an ad server (off by default). */
export function AdServerZone({ section }: SectionProps) {
  const zone = section.zone_id;
  if (!config.adServerUrl || (typeof zone !== 'string' && typeof zone !== 'number')) return null;
  return <ins className={styles.adZone} data-ad-zone={String(zone)} data-section="ad-server-zone" />;
}

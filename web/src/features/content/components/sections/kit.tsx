// Building blocks every section shares: the frame (anchor id, heading, intro and finish texts),
// the button of a card or hero (a path, or a query such as ?registration=1 that opens a dialog),
// and content images at their size through /_ipx.
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import type { Button, Section } from '../../api/content';
import { RichText } from '../rich-text';
import styles from './sections.module.css';

export type SectionProps = {
  section: Section;
  headingLevel: 1 | 2;
  type: string;
  audience?: 'candidate' | 'organization';
  /** The page's h1 (e.g. the name a job listing gives a job alert). */
  pageTitle?: string;
};

/** The spec's image breakpoints; /_ipx accepts only these widths. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
/** The shipped content images are drawn 1536 × 768; the box keeps that ratio so nothing shifts. */
export const IMAGE_SIZE = { width: 1536, height: 768 } as const;

/** The image path of a section field: a path string, or an object with `url`. */
export function imagePath(image: unknown): string | undefined {
  if (typeof image === 'string' && image) return image;
  const url = (image as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url ? url : undefined;
}

/** `/content-images/x.png` at a width, as WebP, through the image service. */
export function ipxUrl(path: string, width: number): string {
  return `/_ipx/w_${width},f_webp/${path.replace(/^\//, '')}`;
}

export function ipxSrcSet(path: string): string {
  return IMAGE_WIDTHS.map((w) => `${ipxUrl(path, w)} ${w}w`).join(', ');
}

type ImageProps = { image: unknown; alt?: string; sizes?: string; priority?: boolean; className?: string };

/** A content image in every breakpoint width; a hero's (priority) is preloaded and not lazy. */
export function ContentImage({ image, alt = '', sizes = '(min-width: 960px) 50vw, 100vw', priority = false, className }: ImageProps) {
  const path = imagePath(image);
  if (!path) return null;
  const isContent = path.startsWith('/content-images/');
  const srcSet = isContent ? ipxSrcSet(path) : undefined;
  const src = isContent ? ipxUrl(path, 1024) : path;
  if (priority) preload(src, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={IMAGE_SIZE.width}
      height={IMAGE_SIZE.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}

/** A content button: an internal path or a dialog query stays in the app; other addresses are links. */
export function ContentButton({ button, variant = 'primary' }: { button?: Button | null; variant?: 'primary' | 'secondary' | 'text' }) {
  const to = button?.btn_route;
  if (!to || !button?.text) return null;
  const className = `${styles.button} ${styles[variant]}`;
  if (/^https?:\/\//.test(to)) return <a className={className} href={to} rel="noopener">{button.text}</a>;
  return <Link className={className} to={to}>{button.text}</Link>;
}

/** The heading of a section: its own `title`, else `base_data.title`. */
export function sectionTitle(section: Section): string | undefined {
  const own = typeof section.title === 'string' && section.title ? section.title : undefined;
  return own ?? section.base_data?.title ?? undefined;
}

type FrameProps = SectionProps & { children?: ReactNode; className?: string; title?: string | null; wide?: boolean };

/**
 * A section's outer box: `id` from its `anchor` (so /recruiting/warum-jobhafen#vorteile finds it),
 * the heading, `base_data.intro_text` above and `finish_text` below the children.
 */
export function SectionFrame({ section, headingLevel, type, children, className, title }: FrameProps) {
  const heading = title === undefined ? sectionTitle(section) : title;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const anchor = typeof section.anchor === 'string' && section.anchor ? section.anchor : undefined;
  return (
    <section id={anchor} className={`${styles.section} ${className ?? ''}`} data-section={type}>
      {heading && <Heading className={styles.title}>{heading}</Heading>}
      {section.base_data?.intro_text && <div className={styles.intro}><RichText text={section.base_data.intro_text} /></div>}
      {children}
      {section.base_data?.finish_text && <div className={styles.finish}><RichText text={section.base_data.finish_text} /></div>}
    </section>
  );
}

// Renders a content page's sections, each by the component of its type (docs/content.md lists
// them). Types another feature draws (job boxes and listings, job details, organization lists,
// the account sections) come from the `renderers` the caller passes in, since the app composes
// features. A type nobody knows is logged and left out, never shown as raw data. The first heading of the page is its h1.
import type { ComponentType, ReactNode } from 'react';
import type { Section } from '../api/content';
import { fillPlaceholders, type PlaceholderValues } from '../lib/placeholders';
import { ActivityLinks, CityLinks, EntryDetails, EntryListing, HomepageJobCards, SeoContent } from './sections/collection-sections';
import { HomepageHero, LandingPageHero, MediumHero, SmallHero, SmallHeroWithProfileHeader } from './sections/heroes';
import type { SectionProps } from './sections/kit';
import { MarketingForm } from './sections/marketing-form';
import {
  AdServerZone, Breadcrumbs, Divider, ErrorWithCode, Faqs, HeadlineWithText, HeadlineWithTextCards, HeadlineWithTextIcons,
  HeadlineWithTextImage, HeadlineWithTextNumbers, HeadlineWithTextYoutubeVideo, HomepageCards, HomepageSearchButtons, LinkSheet,
  PricingTables, RegistrationButton, SignIn, Testimonials,
} from './sections/text-sections';

export type { SectionProps } from './sections/kit';
export type SectionRenderers = Record<string, (section: Section, props: SectionProps) => ReactNode>;

type Props = {
  sections: Section[];
  renderers?: SectionRenderers;
  placeholders?: PlaceholderValues;
  firstHeadingLevel?: 1 | 2;
  audience?: 'candidate' | 'organization';
};

export const SECTION_COMPONENTS: Record<string, ComponentType<SectionProps>> = {
  'activity-carousel': ActivityLinks,
  'activity-sheet': ActivityLinks,
  'ad-server-zone': AdServerZone,
  'article-details': EntryDetails,
  'article-listing-with-filter': EntryListing,
  breadcrumbs: Breadcrumbs,
  'city-carousel': CityLinks,
  'city-sheet': CityLinks,
  divider: Divider,
  'error-with-code': ErrorWithCode,
  'event-details': EntryDetails,
  'event-listing': EntryListing,
  faqs: Faqs,
  'headline-with-text': HeadlineWithText,
  'headline-with-text-cards': HeadlineWithTextCards,
  'headline-with-text-horizontal-cards': HeadlineWithTextCards,
  'headline-with-text-icons': HeadlineWithTextIcons,
  'headline-with-text-image': HeadlineWithTextImage,
  'headline-with-text-image-v2': HeadlineWithTextImage,
  'headline-with-text-numbers': HeadlineWithTextNumbers,
  'headline-with-text-youtube-video': HeadlineWithTextYoutubeVideo,
  'homepage-cards': HomepageCards,
  'homepage-hero': HomepageHero,
  'homepage-job-cards': HomepageJobCards,
  'homepage-search-buttons': HomepageSearchButtons,
  'landing-page-hero': LandingPageHero,
  'link-sheet': LinkSheet,
  'marketing-forms': MarketingForm,
  'medium-hero': MediumHero,
  'pricing-tables': PricingTables,
  'registration-button': RegistrationButton,
  'seo-content': SeoContent,
  'sign-in': SignIn,
  'sign-in-cta-with-icon': SignIn,
  'small-hero': SmallHero,
  'small-hero-with-profile-header': SmallHeroWithProfileHeader,
  'testimonial-cards': Testimonials,
  'testimonial-listing': Testimonials,
  'wiki-details': EntryDetails,
  'wiki-listing': EntryListing,
};

export function isActive(section: Section): boolean {
  return section.active !== false && section.base_data?.active !== false;
}

/** "sections.homepage-hero" and "homepage-hero" name the same type. */
export function sectionType(section: Section): string {
  return section.__component.split('.').pop() ?? section.__component;
}

const warned = new Set<string>();
function warnUnknown(type: string) {
  if (warned.has(type)) return;
  warned.add(type);
  console.warn(`Inhaltsbereich vom Typ "${type}" ist unbekannt und wird übersprungen.`);
}

/** Every text of a section with the placeholders filled (the server fills them; this covers cached pages). */
function filled(section: Section, values: PlaceholderValues): Section {
  if (Object.keys(values).length === 0) return section;
  const walk = (value: unknown, upper: boolean): unknown => {
    if (typeof value === 'string') return fillPlaceholders(value, values, upper);
    if (Array.isArray(value)) return value.map((v) => walk(v, false));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k === 'title' && upper)]));
    return value;
  };
  const out = walk(section, false) as Section;
  if (section.base_data) out.base_data = walk(section.base_data, true) as Section['base_data'];
  return out;
}

/** Whether a section draws a heading (the first one of a page becomes its h1). */
function hasHeading(section: Section): boolean {
  return Boolean(section.title || section.base_data?.title) && !['divider', 'breadcrumbs', 'seo-content', 'registration-button', 'ad-server-zone'].includes(sectionType(section));
}

export function ContentSections({ sections, renderers = {}, placeholders = {}, firstHeadingLevel = 2, audience = 'candidate' }: Props) {
  let h1Used = firstHeadingLevel !== 1;
  const first = sections.filter(isActive).find(hasHeading);
  const pageTitle = first ? (first.title || first.base_data?.title || undefined) : undefined;
  return (
    <>
      {sections.filter(isActive).map((raw, index) => {
        const section = filled(raw, placeholders);
        const type = sectionType(section);
        const headingLevel: 1 | 2 = !h1Used && hasHeading(section) ? 1 : 2;
        if (headingLevel === 1) h1Used = true;
        const props: SectionProps = { section, headingLevel, type, audience, pageTitle };
        const custom = renderers[type];
        if (custom) return <div key={index} id={section.anchor || undefined}>{custom(section, props)}</div>;
        const Component = SECTION_COMPONENTS[type];
        if (!Component) {
          warnUnknown(type);
          return null;
        }
        return <Component key={index} {...props} />;
      })}
    </>
  );
}

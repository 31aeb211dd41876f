// The hero sections: the start page's (title, subline, image, several buttons), the landing
// pages' and the medium and small heroes of the other pages, the small one also with the signed-in
// candidate's profile header. The hero's image is the page's largest paint, so it is preloaded.
import { useUser } from '@/shared/auth/use-user';
import type { Button } from '../../api/content';
import { RichText } from '../rich-text';
import { ContentButton, ContentImage, sectionTitle, type SectionProps } from './kit';
import styles from './sections.module.css';

function Hero({ section, headingLevel, type, size }: SectionProps & { size: 'large' | 'medium' | 'small' }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = sectionTitle(section);
  const subline = typeof section.subline === 'string' ? section.subline : undefined;
  const intro = section.base_data?.intro_text;
  const buttons = Array.isArray(section.buttons) ? (section.buttons as Button[]) : section.button ? [section.button] : [];
  return (
    <section id={typeof section.anchor === 'string' ? section.anchor : undefined} className={`${styles.hero} ${styles[size]}`} data-section={type}>
      <ContentImage image={section.image} className={styles.heroImage} sizes="100vw" priority={headingLevel === 1} />
      <div className={styles.heroText}>
        {title && <Heading className={styles.heroTitle}>{title}</Heading>}
        {subline && <p className={styles.heroSubline}>{subline}</p>}
        {intro && intro !== subline && <div className={styles.heroIntro}><RichText text={intro} /></div>}
        {buttons.length > 0 && (
          <p className={styles.buttons}>
            {buttons.map((button, i) => <ContentButton key={i} button={button} variant={i === 0 ? 'primary' : 'secondary'} />)}
          </p>
        )}
      </div>
    </section>
  );
}

export const HomepageHero = (props: SectionProps) => <Hero {...props} size="large" />;
export const LandingPageHero = (props: SectionProps) => <Hero {...props} size="medium" />;
export const MediumHero = (props: SectionProps) => <Hero {...props} size="medium" />;
export const SmallHero = (props: SectionProps) => <Hero {...props} size="small" />;

/** The small hero with, for a signed-in candidate, a greeting with name and e-mail address. */
export function SmallHeroWithProfileHeader(props: SectionProps) {
  const { user } = useUser();
  const profile = user?.candidateProfile;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return (
    <>
      <Hero {...props} size="small" />
      {user && (
        <p className={styles.profileHeader} data-profile-header="">
          <strong>{name ? `Hallo ${name}!` : 'Hallo!'}</strong> <span>{user.email}</span>
        </p>
      )}
    </>
  );
}

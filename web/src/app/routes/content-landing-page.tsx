// The pages drawn from their shipped content page: the start page, the job-type landings (also
// with a city), the city, activity and city-plus-activity landings. The route names the content
// page; the server fills its placeholders and job sections for the city and activity.
import { useParams } from 'react-router';
import { ComposedContentPage } from './composed-content-page';

type Props = { slug: string; isHome?: boolean };

export function ContentLandingPage({ slug, isHome }: Props) {
  const { city, activity } = useParams();
  return <ComposedContentPage key={`${slug}/${city ?? ''}/${activity ?? ''}`} slug={slug} city={city} activity={activity} isHome={isHome} />;
}

import { isGuideSlug } from '@shared/guide-contents';
import { useParams } from 'react-router-dom';
import NotFoundPage from '../features/errors/NotFoundPage';
import GuideArticlePage from '../features/guide/GuideArticlePage';

/** /guide/<slug>: the article, or the not-found page for a slug the guide does not have. */
export default function GuideArticleRoute() {
  const { slug = '' } = useParams();
  return isGuideSlug(slug) ? <GuideArticlePage key={slug} slug={slug} /> : <NotFoundPage />;
}

import { useEffect } from 'react';

/** Sets the document title (and meta description, when given) for the page. */
export function usePageTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title.includes('LetLead') ? title : `${title} | LetLead`;
    if (description) {
      document.querySelector('meta[name="description"]')?.setAttribute('content', description);
    }
  }, [title, description]);
}

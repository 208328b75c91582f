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

/** Asks search engines not to index the page while it is shown (a page that is not there). */
export function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

import { useEffect } from 'react';

export const APP_NAME = 'Rentora';
const DEFAULT_DESCRIPTION =
  'Rentora is the modern way to manage rental properties: properties, units, tenants, bookings, payments and maintenance in one place.';

function setMeta(name: string, content: string, attribute: 'name' | 'property' = 'name') {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, name);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Sets the document title ("Page | Rentora") and the description meta tags for the current page. */
export function useDocumentTitle(title: string | null | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    const fullTitle = title === APP_NAME ? title : `${title} | ${APP_NAME}`;
    document.title = fullTitle;
    const text = description ?? DEFAULT_DESCRIPTION;
    setMeta('description', text);
    setMeta('og:title', fullTitle, 'property');
    setMeta('og:description', text, 'property');
  }, [title, description]);
}

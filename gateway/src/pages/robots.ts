import type { Hono } from 'hono';
import { siteOrigin } from './head.js';

/**
 * `GET /robots.txt`: crawlers may read every page but not the API, and find the answered
 * questions through the sitemap, under PUBLIC_URL (else the request's own origin).
 */
export function mountRobots(app: Hono, { publicUrl }: { publicUrl: string | undefined }): void {
  app.get('/robots.txt', (c) => {
    const origin = siteOrigin(publicUrl, c.req.url);
    return c.body(
      `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
      200,
      { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    );
  });
}

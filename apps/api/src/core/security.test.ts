import type { RentalUnitDto } from '@rentora/shared';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestAppWith, getTestApp } from '../../test/app';
import { createCompany } from '../../test/factories';
import { auth, createProperty, createUnit, jpeg, upload } from '../modules/properties/properties.testing';

describe('security headers', () => {
  it('sends a CSP, nosniff, a referrer policy and no framing on every answer', async () => {
    const { app } = await getTestApp();
    for (const url of ['/api/health', '/api/properties', '/api/does-not-exist']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      // No HSTS over plain http (APP_URL http://…): a browser would remember it for the host.
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  describe('behind https', () => {
    let secure: Awaited<ReturnType<typeof buildTestAppWith>>;
    afterAll(async () => {
      await secure?.close();
    });
    it('adds HSTS and a wss connect-src when APP_URL is https', async () => {
      secure = await buildTestAppWith({ appUrl: 'https://app.example.com' });
      const response = await secure.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('wss://app.example.com');
    });
  });
});

describe('CORS', () => {
  it('is closed by default: no allow-origin for another origin', async () => {
    const { app } = await getTestApp();
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/properties',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens to exactly the CORS_ORIGINS', async () => {
    const open = await buildTestAppWith({ corsOrigins: ['https://partner.example'] });
    const preflight = await open.inject({
      method: 'OPTIONS',
      url: '/api/properties',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-company-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const other = await open.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    await open.close();
  });
});

describe('hostile uploads', () => {
  it('refuses a decompression bomb (a 100-megapixel PNG of a few KB) and SVG with script, and strips polyglot tails', async () => {
    const { app } = await getTestApp();
    const owner = await createCompany(app, { plan: 'enterprise' });
    const property = await createProperty(app, owner);
    const unit = await createUnit(app, owner, property._id);
    const url = `/api/rental-units/${unit._id}/images`;
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .greyscale()
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const refused = await upload(app, auth(owner), url, [
      { filename: 'bomb.png', contentType: 'image/png', data: bomb },
    ]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const svgRefused = await upload(app, auth(owner), url, [
      { filename: 'x.svg', contentType: 'image/svg+xml', data: svg },
    ]);
    expect(svgRefused.statusCode).toBe(415);

    // A JPEG with an HTML page appended (a polyglot): accepted as the image it is, stored re-encoded without the tail.
    const polyglot = Buffer.concat([
      (await jpeg()).data,
      Buffer.from('<html><script>alert(3)</script></html>'),
    ]);
    const stored = await upload(app, auth(owner), url, [
      { filename: 'p.jpg', contentType: 'image/jpeg', data: polyglot },
    ]);
    expect(stored.statusCode).toBe(201);
    const image = stored.json<{ data: RentalUnitDto }>().data.images[0]!;
    const served = await app.inject({ method: 'GET', url: image.url });
    expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  }, 60_000);
});

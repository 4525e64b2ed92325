/**
 * The demo catalogue (db/seed/data) holds only what a user of the app could have made:
 * every file passes the app's own rules (the product editor's schema, the profile, onboarding,
 * review and tool update rules, the upload checks), and the loader refuses a broken file with
 * a message naming the file and the field. The refusals are tested on a copy of the data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_DATA_DIR, DemoDataError, demoUrlsOf, loadDemoData, readDemoData } from '@/db/seed/demo-data';
import { isPlaceholderUrl } from '@/src/shared/placeholder-hosts';
import { hasDeliverable, selectDelivery } from '@/src/shared/delivery';
import { ProductInputSchema, TITLE_MIN } from '@/src/shared/product-schema';
import { AUTH_MESSAGES } from '@/src/shared/auth-validation';
import { profileFormSchema, ReviewInputSchema } from '@/src/shared/api/schemas/profile';
import { ToolUpdateInputSchema } from '@/src/shared/api/schemas/updates';
import { ProductReviewInputSchema, ReviewReplyInputSchema } from '@/src/shared/api/schemas/product-reviews';

describe('the demo data in db/seed/data', () => {
  const { data, problems } = readDemoData();

  it('passes every rule of the app, with nothing left out', () => {
    expect(problems).toEqual([]);
    const folders = fs.readdirSync(path.join(DEMO_DATA_DIR, 'products'));
    expect(data.products.map((p) => p.key).sort()).toEqual(folders.sort());
  });

  it('holds each product as the product editor saves it', () => {
    for (const p of data.products) expect(ProductInputSchema.parse(p.input), p.key).toEqual(p.input);
  });

  it('holds profiles, reviews and tool updates as their forms save them', () => {
    for (const { key, userType, fullName, bio, company, location, website, socialLinks, specialties } of data.users) {
      const profile = { fullName, bio, company, location, website, socialLinks, specialties };
      expect(profileFormSchema(userType).safeParse(profile), key).toEqual({ success: true, data: profile });
    }
    for (const r of data.reviews) {
      const review = { rating: r.rating, text: r.text };
      expect(ReviewInputSchema.safeParse(review)).toEqual({ success: true, data: review });
    }
    for (const u of data.toolUpdates) {
      const update = { title: u.title, content: u.content, updateType: u.updateType, version: u.version };
      expect(ToolUpdateInputSchema.safeParse(update)).toEqual({ success: true, data: update });
    }
  });

  it('gives products no rating of their own: ratings come from product reviews, by people who are not the creator', () => {
    for (const key of fs.readdirSync(path.join(DEMO_DATA_DIR, 'products'))) {
      const file = JSON.parse(fs.readFileSync(path.join(DEMO_DATA_DIR, 'products', key, 'product.json'), 'utf8')) as Record<string, unknown>;
      expect(file, key).not.toHaveProperty('rating');
    }
    expect(data.productReviews.length).toBeGreaterThanOrEqual(20);
    const rated = new Set(data.productReviews.map((r) => r.productKey));
    expect(rated.size).toBeGreaterThanOrEqual(10);
    for (const r of data.productReviews) {
      const product = data.products.find((p) => p.key === r.productKey)!;
      const reviewer = data.users.find((u) => u.key === r.reviewerKey)!;
      expect(product.input.status, r.productKey).toBe('published');
      expect(product.creatorKey).not.toBe(r.reviewerKey);
      // Buyers and community members: the demo activity gives them orders and downloads (db/seed/seed.ts).
      expect(reviewer.userType, r.reviewerKey).not.toBe('creator');
      expect(reviewer.role).not.toBe('admin');
      expect(ProductReviewInputSchema.safeParse({ rating: r.rating, text: r.text })).toEqual({ success: true, data: { rating: r.rating, text: r.text } });
      if (r.reply) expect(ReviewReplyInputSchema.safeParse({ text: r.reply.text }).success).toBe(true);
    }
    // Some low ratings and some replies: the demo shows what real reviews look like.
    expect(data.productReviews.some((r) => r.rating <= 3)).toBe(true);
    expect(data.productReviews.some((r) => r.reply)).toBe(true);
  });

  it('delivers and links only real addresses: no example.com or other placeholder host', () => {
    const dead = data.products.flatMap((p) =>
      demoUrlsOf(p.input)
        .filter(([, url]) => isPlaceholderUrl(url))
        .map(([field, url]) => `${p.key} ${field}: ${url}`),
    );
    expect(dead).toEqual([]);
    // And every product.json on disk, not only what the loader kept.
    const raw = fs
      .readdirSync(path.join(DEMO_DATA_DIR, 'products'))
      .filter((key) =>
        /\bexample\.(com|net|org)\b|\.(test|invalid|example)\b/.test(fs.readFileSync(path.join(DEMO_DATA_DIR, 'products', key, 'product.json'), 'utf8')),
      );
    expect(raw).toEqual([]);
  });

  it('gives every published product something a buyer receives: a stored file, a real page or its text', () => {
    for (const p of data.products.filter((x) => x.input.status === 'published')) {
      const delivery = selectDelivery({
        ...p.input,
        download_url: p.input.download_url ?? null,
        demo_url: p.input.demo_url ?? null,
        content_text: p.input.content_text ?? null,
      });
      expect(hasDeliverable(delivery), p.key).toBe(true);
      // Files come from the product folder (the seed puts them in the blob store), one per stored address.
      expect(delivery.fileUrls.length, p.key).toBe(
        p.input.content_delivery_type === 'file' || p.input.content_delivery_type === 'multiple' ? p.files.length : 0,
      );
      if (delivery.downloadUrl) expect(delivery.downloadUrl, p.key).toMatch(/^https:\/\//);
    }
  });

  it('writes no download or sales figure: the seed counts them from the downloads and orders it records', () => {
    for (const key of fs.readdirSync(path.join(DEMO_DATA_DIR, 'products'))) {
      const file = JSON.parse(fs.readFileSync(path.join(DEMO_DATA_DIR, 'products', key, 'product.json'), 'utf8')) as Record<string, unknown>;
      expect(
        Object.keys(file).filter((k) => /downloads|sales|earnings|orders/.test(k)),
        key,
      ).toEqual([]);
    }
  });

  it('has the logins the README and the end-to-end tests use', () => {
    expect(data.password).toBe('toolmint-demo-2026');
    const byEmail = (email: string) => data.users.find((u) => u.email === email);
    expect(byEmail('creator@example.com')).toMatchObject({ key: 'maya-chen', userType: 'creator' });
    expect(byEmail('buyer@example.com')).toMatchObject({ userType: 'buyer' });
    expect(byEmail('team@example.com')).toMatchObject({ key: 'toolmint-team', role: 'admin' });
  });

  it('reads deliverables and the text content byte for byte from the product folder', () => {
    const product = data.products.find((p) => p.files.length > 0)!;
    const file = product.files[0]!;
    expect(file.bytes.equals(fs.readFileSync(path.join(DEMO_DATA_DIR, 'products', product.key, 'files', file.name)))).toBe(true);
    expect(product.input.file_urls).toEqual(
      product.files.map((f) =>
        expect.stringMatching(new RegExp(`^private:deliverables/demo-${product.creatorKey}/[0-9a-f-]{36}/${f.name.replace('.', '\\.')}$`)),
      ),
    );
    const text = data.products.find((p) => p.input.content_delivery_type === 'text')!;
    expect(`${text.input.content_text}\n`).toBe(fs.readFileSync(path.join(DEMO_DATA_DIR, 'products', text.key, 'content.txt'), 'utf8'));
  });
});

// Each case copies the whole demo folder and reads it again, several times: 1-2 s on a quiet
// machine, over the default 5 s on a loaded one (seen in CI's checks step).
describe('a broken demo file is refused with its file and field', { timeout: 30_000 }, () => {
  const copies: string[] = [];
  afterEach(() => {
    for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the data with one change; the problems the loader reports for it. */
  function problemsAfter(change: (dir: string) => void): string[] {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-demo-data-'));
    copies.push(dir);
    fs.cpSync(DEMO_DATA_DIR, dir, { recursive: true });
    change(dir);
    return readDemoData(dir).problems;
  }
  /** Rewrites one JSON file of the copy; T is the part of its shape the change touches. */
  function editJson<T>(dir: string, file: string, edit: (value: T) => void) {
    const target = path.join(dir, file);
    const value = JSON.parse(fs.readFileSync(target, 'utf8')) as T;
    edit(value);
    fs.writeFileSync(target, JSON.stringify(value, null, 2));
  }
  type Row = Record<string, unknown>;
  interface ProductFile extends Row {
    title: string;
    status: string;
    price: number;
    tags: string[];
    files: string[];
    demo_links: Row[];
  }
  const editProduct = (dir: string, key: string, edit: (p: ProductFile) => void) => editJson(dir, product(key), edit);
  const editRows = (dir: string, file: string, edit: (rows: Row[]) => void) => editJson(dir, file, edit);
  const product = (key: string) => `products/${key}/product.json`;
  const ZAP = 'zapier-stripe-invoice-chaser'; // free, text delivery
  const N8N = 'n8n-lead-enrichment-clearbit-hubspot'; // paid, one JSON deliverable

  it('a product the editor refuses: the schema message', () => {
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p.title = 'n8n';
        }),
      ),
    ).toEqual([`${product(N8N)}: title: Title must be at least ${TITLE_MIN} characters ("n8n")`]);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p.demo_links[0]!['type'] = 'podcast';
        }),
      ),
    ).toEqual([expect.stringMatching(new RegExp(`^${product(N8N)}: demo_links\\.0\\.type: Invalid option.*\\("podcast"\\)$`))]);
  });

  it('a product the editor would save differently: what it would save', () => {
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p.status = 'live';
        }),
      ),
      // An unknown status is refused, never saved as a draft (issue 14).
    ).toEqual([expect.stringMatching(new RegExp(`^${product(N8N)}: status: Invalid option.*\\("live"\\)$`))]);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, ZAP, (p) => {
          p.price = 9;
        }),
      ),
    ).toEqual([`${product(ZAP)}: price: the product editor would save this as 0`]);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p.tags = ['n8n', 'N8N ', 'sales'];
        }),
      ),
    ).toEqual([`${product(N8N)}: tags: the product editor would save this as ["n8n","sales"]`]);
  });

  it('a misspelt or generated field', () => {
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p['short_descripton'] = p['short_description'];
        }),
      ),
    ).toEqual([expect.stringMatching(new RegExp(`^${product(N8N)}: Unrecognized key: "short_descripton"`))]);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, ZAP, (p) => {
          p['content_text'] = 'Inline text';
        }),
      )[0],
    ).toMatch(/Unrecognized key: "content_text"/);
  });

  it('deliverables: an invalid file, a missing one, one not listed', () => {
    const files = `products/${N8N}/files`;
    const name = 'lead-enrichment-clearbit-hubspot.json';
    expect(problemsAfter((dir) => fs.writeFileSync(path.join(dir, files, name), '{ not json'))).toEqual([`${files}/${name}: not a valid JSON file`]);
    expect(problemsAfter((dir) => fs.rmSync(path.join(dir, files, name)))).toEqual([`${files}/${name}: listed in product.json "files" but missing`]);
    expect(problemsAfter((dir) => fs.writeFileSync(path.join(dir, files, 'notes.txt'), 'Notes'))).toEqual([
      `${files}/notes.txt: not listed in product.json "files"`,
    ]);
    expect(
      problemsAfter((dir) => {
        fs.renameSync(path.join(dir, files, name), path.join(dir, files, 'lead enrichment.json'));
        editProduct(dir, N8N, (p) => {
          p.files = ['lead enrichment.json'];
        });
      }),
    ).toEqual([`${files}/lead enrichment.json: an upload would store this name as lead-enrichment.json`]);
  });

  it('a placeholder address or an invented counter', () => {
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p['download_url'] = 'https://shop.example.com/get';
          p.demo_links = [{ type: 'documentation', url: 'https://docs.example.org/guide', title: 'Guide' }];
        }),
      ),
    ).toEqual([
      `${product(N8N)}: download_url: https://shop.example.com/get leads nowhere; link a real page, or deliver a file from files/`,
      `${product(N8N)}: demo_links.0.url: https://docs.example.org/guide leads nowhere; link a real page, or deliver a file from files/`,
    ]);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p['downloads_count'] = 690;
        }),
      ),
    ).toEqual([expect.stringMatching(new RegExp(`^${product(N8N)}: Unrecognized key: "downloads_count"`))]);
  });

  it('a published product with nothing to deliver', () => {
    expect(problemsAfter((dir) => fs.rmSync(path.join(dir, 'products', ZAP, 'content.txt')))).toEqual([
      `${product(ZAP)}: a published product delivers something: with content_delivery_type 'text' give content.txt`,
    ]);
  });

  it('the catalogue order and the product folders must agree', () => {
    expect(problemsAfter((dir) => fs.cpSync(path.join(dir, 'products', ZAP), path.join(dir, 'products', 'zapier-copy'), { recursive: true }))).toEqual([
      'products/zapier-copy: not listed in catalogue-order.json',
    ]);
    expect(problemsAfter((dir) => fs.rmSync(path.join(dir, 'products', ZAP), { recursive: true }))).toEqual([
      `catalogue-order.json: ${ZAP} has no folder products/${ZAP}/`,
    ]);
  });

  it('users, reviews, follows and tool updates: their forms and services refuse the same', () => {
    expect(
      problemsAfter((dir) =>
        editJson<{ users: Row[] }>(dir, 'users.json', (f) => {
          f.users[0]!['interests'] = ['revops'];
        }),
      ),
    ).toEqual(['users.json: users.0 (maya-chen): interests.0: Unknown interest ("revops")']);
    expect(
      problemsAfter((dir) =>
        editJson<{ users: Row[] }>(dir, 'users.json', (f) => {
          f.users[0]!['company'] = '';
        }),
      ),
    ).toEqual([`users.json: users.0 (maya-chen): company: ${AUTH_MESSAGES.companyRequired}`]);
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'reviews.json', (r) => {
          r[0]!['reviewerKey'] = r[0]!['sellerKey'];
        }),
      ),
    ).toEqual(['reviews.json: 0: a user cannot review themselves']);
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'follows.json', (f) => {
          f[0]!['followingKey'] = 'nobody';
        }),
      ),
    ).toEqual(["follows.json: 0: followingKey: no user 'nobody' in users.json"]);
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'tool-updates.json', (u) => {
          u[0]!['content'] = 'Too short';
        }),
      ),
    ).toEqual(['tool-updates.json: 0: content: Content must be at least 20 characters']);
  });

  it('product reviews: the review form and the rules of who may review refuse the same', () => {
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'product-reviews.json', (r) => {
          r[0]!['rating'] = 6;
          r[0]!['text'] = '';
        }),
      ),
    ).toEqual(['product-reviews.json: 0: rating: Choose a rating from 1 to 5 stars', 'product-reviews.json: 0: text: Write a few words about your experience']);
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'product-reviews.json', (r) => {
          r[0]!['reviewerKey'] = 'maya-chen';
        }),
      ),
    ).toEqual(['product-reviews.json: 0: a creator cannot review their own product']);
    expect(
      problemsAfter((dir) =>
        editRows(dir, 'product-reviews.json', (r) => {
          r[1]!['reviewerKey'] = r[0]!['reviewerKey'];
          r[1]!['productKey'] = r[0]!['productKey'];
        }),
      ),
    ).toEqual(['product-reviews.json: 1: one review per reviewer and product']);
    expect(
      problemsAfter((dir) =>
        editProduct(dir, N8N, (p) => {
          p['rating'] = 4.8;
        }),
      ),
    ).toEqual([expect.stringContaining(`${product(N8N)}: Unrecognized key`)]);
  });

  it('the seed refuses to start on a broken catalogue, listing every problem', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-demo-data-'));
    copies.push(dir);
    fs.cpSync(DEMO_DATA_DIR, dir, { recursive: true });
    editProduct(dir, N8N, (p) => {
      p.title = 'n8n';
    });
    editRows(dir, 'reviews.json', (r) => {
      r[0]!['rating'] = 6;
    });
    expect(() => loadDemoData(dir)).toThrow(DemoDataError);
    expect(() => loadDemoData(dir)).toThrow(
      /2 problem\(s\):\n- products\/n8n-lead-enrichment-clearbit-hubspot\/product\.json: title: .*\n- reviews\.json: 0: rating: Choose a rating from 1 to 5 stars/,
    );
  });
});

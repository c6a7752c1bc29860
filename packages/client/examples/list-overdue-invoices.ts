/**
 * Lists a company's overdue invoices with a company API key.
 *
 *   RENTORA_URL=http://127.0.0.1:3000 RENTORA_API_KEY=<key> npx tsx packages/client/examples/list-overdue-invoices.ts
 *
 * (Or RENTORA_TOKEN=<access token> and RENTORA_COMPANY_ID=<company id> to act as a signed-in member.)
 */
import { createRentoraClient } from '../src/index';

const rentora = createRentoraClient({
  baseUrl: process.env.RENTORA_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.RENTORA_API_KEY,
  token: process.env.RENTORA_TOKEN,
  companyId: process.env.RENTORA_COMPANY_ID,
});

const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

let page = 1;
for (;;) {
  const { data, error, response } = await rentora.GET('/api/invoices', {
    params: { query: { status: 'overdue', page, limit: 100, sortBy: 'dueDate', sortOrder: 'asc' } },
  });
  if (error) {
    console.error(`${response.status} ${error.code}: ${error.error}`);
    process.exit(1);
  }
  for (const invoice of data.data) {
    console.log(`${invoice.number}\tdue ${invoice.dueDate}\t${rupees(invoice.balance)}`);
  }
  if (!data.pagination.hasNext) break;
  page += 1;
}

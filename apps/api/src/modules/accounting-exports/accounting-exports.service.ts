import {
  type AccountingExportQuery,
  type AccountingExportSettingsBody,
  type AccountingExportSettingsDto,
  type AccountingLedgers,
  DEFAULT_ACCOUNTING_LEDGERS,
} from '@rentora/shared';
import type { CompanyContext } from '../../core/access';
import type { AppDeps } from '../../core/app-deps';
import { recordAudit } from '../../core/audit';
import { badRequest } from '../../core/errors';
import { loadJsZip } from '../../core/lazy-modules';
import type { DbOrTx } from '../../db/client';
import { vouchersOf } from './accounting-exports.postings';
import {
  creditNotesIssuedBetween,
  invoicesIssuedBetween,
  ledgerNamesOf,
  moneyMovedBetween,
  saveLedgerNames,
} from './accounting-exports.repo';
import type { ExportBooks } from './accounting-exports.types';
import { quickbooksFiles, zohoFiles } from './spreadsheets';
import { tallyXml } from './tally';

type Deps = Pick<AppDeps, 'db'>;

export interface AccountingExportFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

/** The ledger names to post to: the company's own where it named them, the defaults elsewhere. */
const withDefaults = (saved: Partial<AccountingLedgers> | undefined): AccountingLedgers => ({
  ...DEFAULT_ACCOUNTING_LEDGERS,
  ...saved,
});

/** Two of our ledgers under one name would merge two accounts in the books (a party can't take one either). */
function checkDistinct(ledgers: AccountingLedgers) {
  const seen = new Map<string, string>();
  for (const [key, name] of Object.entries(ledgers)) {
    const folded = name.trim().toLowerCase();
    const other = seen.get(folded);
    if (other)
      throw badRequest(`"${name}" is used for two ledgers; give each its own name`, `ledgers.${key}`);
    seen.set(folded, key);
  }
}

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const JSZip = await loadJsZip();
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export function createAccountingExportsService({ db }: Deps) {
  async function ledgersOf(conn: DbOrTx, companyId: string) {
    return withDefaults(await ledgerNamesOf(conn, companyId));
  }

  async function booksOf(companyId: string, from: string, to: string): Promise<ExportBooks> {
    // One snapshot: invoices, credit notes and payments read in one repeatable-read transaction agree with each other.
    return db.transaction(
      async (tx) => ({
        from,
        to,
        invoices: await invoicesIssuedBetween(tx, companyId, from, to),
        creditNotes: await creditNotesIssuedBetween(tx, companyId, from, to),
        payments: await moneyMovedBetween(tx, companyId, from, to),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  return {
    async settings(ctx: CompanyContext): Promise<AccountingExportSettingsDto> {
      const saved = await ledgerNamesOf(db, ctx.companyId);
      return { ledgers: withDefaults(saved), isDefault: !saved };
    },

    async updateSettings(
      ctx: CompanyContext,
      body: AccountingExportSettingsBody,
    ): Promise<AccountingExportSettingsDto> {
      checkDistinct(body.ledgers);
      await db.transaction(async (tx) => {
        const before = await ledgersOf(tx, ctx.companyId);
        await saveLedgerNames(tx, ctx.companyId, body.ledgers);
        await recordAudit(tx, {
          companyId: ctx.companyId,
          action: 'accounting_exports.ledgers_updated',
          entityType: 'company',
          entityId: ctx.companyId,
          summary: 'Ledger names of the accounting exports changed',
          before,
          after: body.ledgers,
        });
      });
      return { ledgers: body.ledgers, isDefault: false };
    },

    /** The period's books in the accountant's format: Tally XML, or a zip of Zoho Books / QuickBooks CSV files. */
    async exportBooks(ctx: CompanyContext, query: AccountingExportQuery): Promise<AccountingExportFile> {
      const { from, to, format } = query;
      const [books, ledgers] = await Promise.all([
        booksOf(ctx.companyId, from, to),
        ledgersOf(db, ctx.companyId),
      ]);
      const stem = `rentora-${format}-${from}-to-${to}`;
      if (format === 'tally') {
        return {
          fileName: `${stem}.xml`,
          contentType: 'application/xml; charset=utf-8',
          body: tallyXml(vouchersOf(books, ledgers), ledgers),
        };
      }
      const files = format === 'zoho' ? zohoFiles(books, ledgers) : quickbooksFiles(books, ledgers);
      return { fileName: `${stem}.zip`, contentType: 'application/zip', body: await zipOf(files) };
    },
  };
}

export type AccountingExportsService = ReturnType<typeof createAccountingExportsService>;

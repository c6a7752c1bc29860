import type { AccountingLedgers } from '@rentora/shared';
import type { Posting, Voucher } from './accounting-exports.postings';
import { compactDate, rupees } from './rupees';

/**
 * Tally Prime's XML import ("Import Data"): the ledger masters the vouchers post to (so the file imports into an
 * empty company), then one voucher per document. Tally's signs: a debit is ISDEEMEDPOSITIVE Yes with a negative
 * AMOUNT, a credit ISDEEMEDPOSITIVE No with a positive one; a voucher's amounts sum to zero. Each voucher carries a
 * GUID and REMOTEID made from our document's id, so importing the same period again alters what is there instead of
 * adding it twice; party lines carry bill-wise references (New Ref on the invoice, Agst Ref on what settles it).
 */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const tag = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/** Tally's own groups for each ledger of ours. */
function ledgerParents(ledgers: AccountingLedgers): [string, string][] {
  return [
    [ledgers.rentIncome, 'Sales Accounts'],
    [ledgers.maintenanceIncome, 'Sales Accounts'],
    [ledgers.utilityIncome, 'Sales Accounts'],
    [ledgers.lateFeeIncome, 'Indirect Incomes'],
    [ledgers.otherIncome, 'Indirect Incomes'],
    [ledgers.securityDeposit, 'Current Liabilities'],
    [ledgers.outputCgst, 'Duties & Taxes'],
    [ledgers.outputSgst, 'Duties & Taxes'],
    [ledgers.outputIgst, 'Duties & Taxes'],
    [ledgers.tdsReceivable, 'Loans & Advances (Asset)'],
    [ledgers.bank, 'Bank Accounts'],
    [ledgers.cash, 'Cash-in-Hand'],
    [ledgers.roundOff, 'Indirect Expenses'],
  ];
}

const GST_HEADS = (ledgers: AccountingLedgers) =>
  new Map([
    [ledgers.outputCgst, 'Central Tax'],
    [ledgers.outputSgst, 'State Tax'],
    [ledgers.outputIgst, 'Integrated Tax'],
  ]);

function ledgerMaster(name: string, parent: string, extra: string[] = []): string {
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="${escapeXml(name)}" ACTION="Create">`,
    `<NAME.LIST TYPE="String">${tag('NAME', name)}</NAME.LIST>`,
    tag('PARENT', parent),
    ...extra,
    '</LEDGER></TALLYMESSAGE>',
  ].join('');
}

function mastersOf(vouchers: Voucher[], ledgers: AccountingLedgers): string[] {
  const used = new Set(vouchers.flatMap((v) => v.postings.map((p) => p.ledger)));
  const heads = GST_HEADS(ledgers);
  const parties = [...new Set(vouchers.map((v) => v.partyLedger))].sort();
  return [
    ...parties.map((party) => ledgerMaster(party, ledgers.partyGroup, [tag('ISBILLWISEON', 'Yes')])),
    ...ledgerParents(ledgers)
      .filter(([name]) => used.has(name))
      .map(([name, parent]) => {
        const head = heads.get(name);
        return ledgerMaster(name, parent, head ? [tag('TAXTYPE', 'GST'), tag('GSTDUTYHEAD', head)] : []);
      }),
  ];
}

/** New Ref for the invoice a sales voucher raises; Agst Ref for what a credit note or receipt settles. */
function billAllocation(voucher: Voucher, posting: Posting): string {
  if (!posting.isParty || !voucher.billRef) return '';
  const billType = voucher.type === 'Sales' ? 'New Ref' : 'Agst Ref';
  return `<BILLALLOCATIONS.LIST>${tag('NAME', voucher.billRef)}${tag('BILLTYPE', billType)}${tag('AMOUNT', rupees(-posting.amount))}</BILLALLOCATIONS.LIST>`;
}

function ledgerEntry(voucher: Voucher, posting: Posting): string {
  const debit = posting.amount > 0;
  return [
    '<ALLLEDGERENTRIES.LIST>',
    tag('LEDGERNAME', posting.ledger),
    tag('ISDEEMEDPOSITIVE', debit ? 'Yes' : 'No'),
    tag('ISPARTYLEDGER', posting.isParty ? 'Yes' : 'No'),
    tag('AMOUNT', rupees(-posting.amount)),
    billAllocation(voucher, posting),
    '</ALLLEDGERENTRIES.LIST>',
  ].join('');
}

function voucherXml(voucher: Voucher): string {
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER REMOTEID="${escapeXml(voucher.guid)}" VCHTYPE="${voucher.type}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    tag('DATE', compactDate(voucher.date)),
    tag('EFFECTIVEDATE', compactDate(voucher.date)),
    tag('GUID', voucher.guid),
    tag('VOUCHERTYPENAME', voucher.type),
    tag('VOUCHERNUMBER', voucher.number),
    tag('REFERENCE', voucher.reference),
    tag('PARTYLEDGERNAME', voucher.partyLedger),
    tag('NARRATION', voucher.narration),
    tag('PERSISTEDVIEW', 'Accounting Voucher View'),
    tag('ISINVOICE', 'No'),
    ...voucher.postings.map((posting) => ledgerEntry(voucher, posting)),
    '</VOUCHER></TALLYMESSAGE>',
  ].join('');
}

export function tallyXml(vouchers: Voucher[], ledgers: AccountingLedgers): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    '<REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES>',
    '<IMPORTDUPS>@@DUPCOMBINE</IMPORTDUPS>',
    '</STATICVARIABLES></REQUESTDESC>',
    '<REQUESTDATA>',
    ...mastersOf(vouchers, ledgers),
    ...vouchers.map(voucherXml),
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
}

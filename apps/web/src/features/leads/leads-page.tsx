import { zodResolver } from '@hookform/resolvers/zod';
import { LEAD_STATUSES, type LeadDto, type LeadStatus, PAGE_SIZES, ZLeadNoteBody } from '@rentora/shared';
import { CalendarClock, Inbox, Mail, Phone, Sparkles, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/card';
import type { DataTableColumn } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { Field, Select, Textarea } from '../../components/field';
import { ListView, tableRows } from '../../components/list-view';
import { SearchInput } from '../../components/search-input';
import { StatCards } from '../../components/stat-card';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, humanize, timeAgo } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSearchBox, useUrlFilters } from '../../lib/url-filters';
import {
  LEAD_FALLBACK_MESSAGES,
  type LeadFilters,
  useAddLeadNote,
  useLeadStats,
  useLeads,
  useSetLeadStatus,
} from './leads.api';

const STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  new: 'brand',
  contacted: 'info',
  qualified: 'warning',
  won: 'success',
  lost: 'neutral',
};

type StatusTab = 'all' | LeadStatus;

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} className="capitalize">
      {status}
    </Badge>
  );
}

const FILTER_KEYS = ['status', 'search', 'sort'] as const;
const isLeadStatus = (value: string): value is LeadStatus =>
  (LEAD_STATUSES as readonly string[]).includes(value);

/** /dashboard/leads (super admin): enquiries from the contact form and the upgrade dialog. */
export function LeadsPage() {
  const { values, page, set } = useUrlFilters(FILTER_KEYS);
  const [searchText, setSearchText] = useSearchBox(values.search, (search) => set({ search }));
  const tab: StatusTab = isLeadStatus(values.status) ? values.status : 'all';
  const sortOrder = values.sort === 'asc' ? 'asc' : 'desc';
  const [openId, setOpenId] = useState<string | null>(null);
  const filters: LeadFilters = {
    page,
    limit: PAGE_SIZES.default,
    search: values.search || undefined,
    status: tab === 'all' ? undefined : [tab],
    sortBy: 'createdAt',
    sortOrder,
  };
  const leads = useLeads(filters);
  const stats = useLeadStats();
  const open = leads.data?.data.find((lead) => lead._id === openId) ?? null;
  const filtered = Boolean(filters.search || filters.status);

  const columns: DataTableColumn<LeadDto>[] = [
    {
      id: 'contact',
      header: 'Contact',
      cell: (lead) => (
        <button type="button" onClick={() => setOpenId(lead._id)} className="min-w-0 text-left">
          <span className="block truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline">
            {lead.name}
          </span>
          <span className="block truncate text-xs text-slate-500">
            {lead.email}
            {lead.company ? ` · ${lead.company}` : ''}
          </span>
        </button>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      className: 'max-w-sm',
      cell: (lead) => (
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-800">{lead.subject}</p>
          <p className="truncate text-xs text-slate-500">{lead.message}</p>
        </div>
      ),
    },
    {
      id: 'source',
      header: 'Source',
      cell: (lead) =>
        lead.source ? <Badge>{humanize(lead.source)}</Badge> : <span className="text-slate-400">—</span>,
    },
    { id: 'status', header: 'Status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
    {
      id: 'received',
      header: 'Received',
      cell: (lead) => (
        <time
          dateTime={lead.createdAt}
          title={formatDate(lead.createdAt)}
          className="whitespace-nowrap text-slate-500"
        >
          {timeAgo(lead.createdAt)}
        </time>
      ),
    },
  ];

  const byStatus = stats.data?.byStatus;
  return (
    <div>
      <PageHeader title="Leads" description="Sales enquiries from the contact page and the upgrade dialog." />
      <StatCards
        loading={stats.isPending}
        error={stats.isError ? apiErrorMessage(stats.error, LEAD_FALLBACK_MESSAGES.stats) : null}
        cards={[
          { label: 'All leads', value: stats.data?.total ?? '—', icon: Inbox },
          { label: 'New', value: byStatus?.new ?? '—', icon: Sparkles, tone: 'warning' },
          { label: 'Won', value: byStatus?.won ?? '—', icon: Trophy, tone: 'success' },
          {
            label: 'Last 30 days',
            value: stats.data?.last30Days ?? '—',
            icon: CalendarClock,
            tone: 'neutral',
          },
        ]}
      />
      <Tabs
        label="Filter by status"
        className="mb-4"
        value={tab}
        onChange={(value) => set({ status: value === 'all' ? null : value })}
        tabs={[
          { id: 'all', label: 'All', count: stats.data?.total },
          ...LEAD_STATUSES.map((status) => ({
            id: status,
            label: humanize(status).replace(/^\w/, (c) => c.toUpperCase()),
            count: byStatus?.[status],
          })),
        ]}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto]">
        <SearchInput
          label="Search leads"
          placeholder="Search by name, email, company or subject"
          value={searchText}
          onChange={setSearchText}
        />
        <Select
          aria-label="Sort"
          value={sortOrder}
          onChange={(event) => set({ sort: event.target.value === 'asc' ? 'asc' : null, page })}
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </Select>
      </div>
      <ListView
        list={leads}
        errorTitle="Leads could not be loaded"
        errorFallback={LEAD_FALLBACK_MESSAGES.list}
        empty={
          <EmptyState
            icon={Inbox}
            title={filtered ? 'No leads match' : 'No leads yet'}
            description={
              filtered
                ? 'Try another search or status.'
                : 'Messages sent through the contact page show up here.'
            }
          />
        }
        onPageChange={(next) => set({ page: next })}
        itemLabel="leads"
      >
        {tableRows({
          caption: 'Leads',
          columns,
          rowKey: (lead) => lead._id,
          actions: (lead) => (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setOpenId(lead._id)}
              aria-label={`Open lead from ${lead.name}`}
            >
              Open
            </Button>
          ),
        })}
      </ListView>
      {open ? <LeadDialog lead={open} onClose={() => setOpenId(null)} /> : null}
    </div>
  );
}

function LeadDialog({ lead, onClose }: { lead: LeadDto; onClose: () => void }) {
  const setStatus = useSetLeadStatus();
  const addNote = useAddLeadNote();
  const form = useForm({ resolver: zodResolver(ZLeadNoteBody), defaultValues: { content: '' } });
  const onSubmit = form.handleSubmit((values) =>
    addNote.mutate(
      { id: lead._id, content: values.content },
      {
        onSuccess: () => {
          toast.success('Note added');
          form.reset({ content: '' });
        },
        onError: (error) => toast.error(apiErrorMessage(error, LEAD_FALLBACK_MESSAGES.note)),
      },
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={lead.subject}
      description={`From ${lead.name}, ${formatDate(lead.createdAt)}`}
    >
      <div className="space-y-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-1 text-sm text-slate-600">
            <a href={`mailto:${lead.email}`} className="flex items-center gap-2 hover:text-brand-700">
              <Mail className="h-4 w-4 text-slate-400" aria-hidden /> {lead.email}
            </a>
            {lead.phone ? (
              <a href={`tel:${lead.phone}`} className="flex items-center gap-2 hover:text-brand-700">
                <Phone className="h-4 w-4 text-slate-400" aria-hidden /> {lead.phone}
              </a>
            ) : null}
            {lead.company ? <p className="text-slate-500">{lead.company}</p> : null}
            {lead.source ? <p className="text-xs text-slate-400">Source: {humanize(lead.source)}</p> : null}
          </div>
          <Field label="Status" className="sm:w-48">
            {(control) => (
              <Select
                {...control}
                value={lead.status}
                disabled={setStatus.isPending}
                onChange={(event) => {
                  const status = event.target.value as LeadStatus;
                  setStatus.mutate(
                    { id: lead._id, status },
                    {
                      onSuccess: (answer) =>
                        toast.success(answer.message ?? 'Lead status updated', `${lead.name}: ${status}`),
                      onError: (error) => toast.error(apiErrorMessage(error, LEAD_FALLBACK_MESSAGES.status)),
                    },
                  );
                }}
              >
                {LEAD_STATUSES.map((status) => (
                  <option key={status} value={status} className="capitalize">
                    {status}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <p className="whitespace-pre-wrap rounded-xl bg-slate-50 p-4 text-sm text-slate-800">
          {lead.message}
        </p>
        <section aria-labelledby="lead-notes">
          <h3 id="lead-notes" className="mb-2 text-sm font-semibold text-slate-900">
            Notes ({lead.notes.length})
          </h3>
          {lead.notes.length ? (
            <ul className="mb-3 space-y-2">
              {lead.notes.map((note) => (
                <li key={note._id} className="rounded-lg border border-slate-200 p-3 text-sm">
                  <p className="text-xs text-slate-400">
                    {note.authorName} · {timeAgo(note.createdAt)}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-700">{note.content}</p>
                </li>
              ))}
            </ul>
          ) : null}
          <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Add a note to the lead">
            <Field label="Add a note" error={form.formState.errors.content?.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={2}
                  placeholder="Called, sent the pricing sheet…"
                  {...form.register('content')}
                />
              )}
            </Field>
            <div className="flex justify-end">
              <Button type="submit" size="sm" loading={addNote.isPending}>
                Add note
              </Button>
            </div>
          </form>
        </section>
      </div>
    </Dialog>
  );
}

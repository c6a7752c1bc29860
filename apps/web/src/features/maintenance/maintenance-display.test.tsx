import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentList, describeEvent, StatusBadge, Timeline } from './maintenance-display';
import { pagePaginationInfo } from './requests-tab';

const author = { type: 'staff' as const, userId: null, name: 'Meera' };

describe('maintenance display', () => {
  it('describes timeline entries in words', () => {
    expect(describeEvent({ kind: 'status', author, fromStatus: 'in_progress', toStatus: 'on_hold' })).toBe(
      'Meera changed the status from In progress to On hold',
    );
    expect(
      describeEvent({
        kind: 'assigned',
        author: { ...author, type: 'system' },
        fromStatus: null,
        toStatus: null,
      }),
    ).toBe('Assigned automatically');
  });

  it('marks internal entries and shows comments with their authors', () => {
    render(
      <>
        <StatusBadge status="in_progress" />
        <Timeline
          events={[
            {
              _id: '1',
              kind: 'note',
              visibility: 'internal',
              author,
              text: 'Secret',
              fromStatus: null,
              toStatus: null,
              createdAt: new Date().toISOString(),
            },
          ]}
        />
        <CommentList
          comments={[
            {
              _id: 'c',
              text: 'On my way',
              author: { ...author, type: 'assignee' },
              createdAt: new Date().toISOString(),
            },
          ]}
        />
      </>,
    );
    expect(screen.getByText('In progress')).toBeTruthy();
    expect(screen.getByText('Internal')).toBeTruthy();
    expect(screen.getByText('On my way')).toBeTruthy();
    expect(screen.getByText('(assignee)')).toBeTruthy();
  });

  it('turns the maintenance pagination shape into the list pagination the pager shows', () => {
    expect(pagePaginationInfo({ currentPage: 2, totalPages: 3, totalItems: 25, itemsPerPage: 10 })).toEqual({
      page: 2,
      limit: 10,
      totalCount: 25,
      totalPages: 3,
      hasNext: true,
      hasPrev: true,
    });
  });
});

import type { FixtureBuilder } from '../../../test/fixtures';
import { createWebhooksRepo } from './webhooks.repo';

/**
 * One receiver of company A and one delivery of it, written directly: the test app refuses private targets and
 * the test machine resolves no public name, so no URL would pass POST /api/webhooks here.
 */
export const fixtures: FixtureBuilder = async ({ app, owner }) => {
  const repo = createWebhooksRepo(app.deps.db);
  const endpoint = await repo.insertEndpoint({
    companyId: owner.companyId,
    url: 'https://hooks.example.com/rentora',
    events: ['payment.captured'],
    secret: 'whsec_fixture',
  });
  const event = await repo.insertEvent({
    companyId: owner.companyId,
    type: 'payment.captured',
    data: { fixture: true },
    dispatchedAt: new Date(),
  });
  const [delivery] = await repo.insertDeliveries([
    {
      companyId: owner.companyId,
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      status: 'failed',
    },
  ]);
  return { 'webhooks:id': endpoint.id, 'deliveries:id': delivery!.id };
};

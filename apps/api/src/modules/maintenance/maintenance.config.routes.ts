import {
  MAINTENANCE_MESSAGES,
  ZAssignmentDto,
  ZAssignmentSaveBody,
  ZAssignmentSettingsBody,
  ZAssignmentsQuery,
  ZAssignmentTypeParams,
  ZAssignmentUserParams,
  ZAvailableUserDto,
  ZCompanyIdParams,
  ZCreateDefaultsBody,
  ZIdParams,
  ZIsActiveBody,
  ZMaintenanceTypeCreateBody,
  ZMaintenanceTypeDto,
  ZMaintenanceTypesQuery,
  ZMaintenanceTypeUpdateBody,
  ZOkMessage,
  ZTicketFormBody,
  ZTicketFormDto,
  ZTicketFormUpdateBody,
  ZUserIdBody,
  zOk,
} from '@rentora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requireCompany } from '../../core/access';
import { ok, okMessage } from '../../core/http';
import type { ServicesOption } from '../../services';

const read = access.company('maintenance_read');
const manage = access.companyAny('maintenance_update', 'maintenance_write');
const assign = access.company('maintenance_assign');
const typeResponse = { 200: zOk(ZMaintenanceTypeDto) };
const assignmentResponse = { 200: zOk(ZAssignmentDto) };

/** Types, assignments and public ticket forms of maintenance, under /api/maintenance. */
export const maintenanceConfigRoutes: FastifyPluginAsyncZod<ServicesOption> = async (app, { services }) => {
  const types = services.maintenanceTypes;
  const assignments = services.maintenanceAssignments;
  const forms = services.maintenanceForms;

  // ---------- Types ----------
  {
    const tags = ['maintenance types'];

    app.get(
      '/types/:companyId',
      {
        config: { access: read },
        schema: {
          tags,
          params: ZCompanyIdParams,
          querystring: ZMaintenanceTypesQuery,
          response: { 200: zOk(z.array(ZMaintenanceTypeDto)) },
        },
      },
      async (request) =>
        ok(await types.list(requireCompany(request.auth), request.params.companyId, request.query.isActive)),
    );

    app.get(
      '/types/single/:id',
      { config: { access: read }, schema: { tags, params: ZIdParams, response: typeResponse } },
      async (request) => ok(await types.get(requireCompany(request.auth), request.params.id)),
    );

    app.post(
      '/types',
      {
        config: { access: manage },
        schema: { tags, body: ZMaintenanceTypeCreateBody, response: { 201: zOk(ZMaintenanceTypeDto) } },
      },
      async (request, reply) => {
        reply.status(201);
        return ok(
          await types.create(requireCompany(request.auth), request.body),
          MAINTENANCE_MESSAGES.typeCreated,
        );
      },
    );

    app.post(
      '/types/create-defaults',
      {
        config: { access: manage },
        schema: {
          tags,
          summary: 'Adds the default types the company lacks (a second call adds nothing)',
          body: ZCreateDefaultsBody,
          response: { 200: zOk(z.array(ZMaintenanceTypeDto)) },
        },
      },
      async (request) =>
        ok(
          await types.createDefaults(requireCompany(request.auth), request.body.companyId),
          MAINTENANCE_MESSAGES.defaultsCreated,
        ),
    );

    app.put(
      '/types/single/:id',
      {
        config: { access: manage },
        schema: { tags, params: ZIdParams, body: ZMaintenanceTypeUpdateBody, response: typeResponse },
      },
      async (request) =>
        ok(
          await types.update(requireCompany(request.auth), request.params.id, request.body),
          MAINTENANCE_MESSAGES.typeUpdated,
        ),
    );

    app.delete(
      '/types/single/:id',
      {
        config: { access: access.companyAny('maintenance_delete', 'maintenance_update') },
        schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
      },
      async (request) => {
        await types.remove(requireCompany(request.auth), request.params.id);
        return okMessage(MAINTENANCE_MESSAGES.typeDeleted);
      },
    );

    app.patch(
      '/types/single/:id/toggle',
      { config: { access: manage }, schema: { tags, params: ZIdParams, response: typeResponse } },
      async (request) => {
        const { type, message } = await types.toggle(requireCompany(request.auth), request.params.id);
        return ok(type, message);
      },
    );
  }

  // ---------- Assignments ----------
  {
    const tags = ['maintenance assignments'];

    app.get(
      '/assignments/:companyId',
      {
        config: { access: read },
        schema: {
          tags,
          params: ZCompanyIdParams,
          querystring: ZAssignmentsQuery,
          response: { 200: zOk(z.array(ZAssignmentDto)) },
        },
      },
      async (request) =>
        ok(
          await assignments.list(
            requireCompany(request.auth),
            request.params.companyId,
            request.query.isActive,
          ),
        ),
    );

    app.get(
      '/assignments/:companyId/type/:type',
      {
        config: { access: read },
        schema: { tags, params: ZAssignmentTypeParams, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.byType(
            requireCompany(request.auth),
            request.params.companyId,
            request.params.type,
          ),
        ),
    );

    app.post(
      '/assignments',
      {
        config: { access: assign },
        schema: {
          tags,
          summary: 'Creates or updates the assignment of a type',
          body: ZAssignmentSaveBody,
          response: assignmentResponse,
        },
      },
      async (request) =>
        ok(
          await assignments.save(requireCompany(request.auth), request.body),
          MAINTENANCE_MESSAGES.assignmentSaved,
        ),
    );

    app.patch(
      '/assignments/:id/settings',
      {
        config: { access: assign },
        schema: { tags, params: ZIdParams, body: ZAssignmentSettingsBody, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.updateSettings(
            requireCompany(request.auth),
            request.params.id,
            request.body.settings,
          ),
          MAINTENANCE_MESSAGES.settingsUpdated,
        ),
    );

    app.post(
      '/assignments/:id/assignees',
      {
        config: { access: assign },
        schema: { tags, params: ZIdParams, body: ZUserIdBody, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.addAssignee(requireCompany(request.auth), request.params.id, request.body.userId),
          MAINTENANCE_MESSAGES.assigneeAdded,
        ),
    );

    app.delete(
      '/assignments/:id/assignees/:userId',
      {
        config: { access: assign },
        schema: { tags, params: ZAssignmentUserParams, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.removeAssignee(
            requireCompany(request.auth),
            request.params.id,
            request.params.userId,
          ),
          MAINTENANCE_MESSAGES.assigneeRemoved,
        ),
    );

    app.patch(
      '/assignments/:id/assignees/:userId/status',
      {
        config: { access: assign },
        schema: { tags, params: ZAssignmentUserParams, body: ZIsActiveBody, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.setAssigneeActive(
            requireCompany(request.auth),
            request.params.id,
            request.params.userId,
            request.body.isActive,
          ),
          MAINTENANCE_MESSAGES.assigneeStatusUpdated,
        ),
    );

    app.post(
      '/assignments/:id/watchers',
      {
        config: { access: assign },
        schema: { tags, params: ZIdParams, body: ZUserIdBody, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.addWatcher(requireCompany(request.auth), request.params.id, request.body.userId),
          MAINTENANCE_MESSAGES.watcherAdded,
        ),
    );

    app.delete(
      '/assignments/:id/watchers/:userId',
      {
        config: { access: assign },
        schema: { tags, params: ZAssignmentUserParams, response: assignmentResponse },
      },
      async (request) =>
        ok(
          await assignments.removeWatcher(
            requireCompany(request.auth),
            request.params.id,
            request.params.userId,
          ),
          MAINTENANCE_MESSAGES.watcherRemoved,
        ),
    );

    app.get(
      '/assignments/:id/available-users',
      {
        config: { access: read },
        schema: { tags, params: ZIdParams, response: { 200: zOk(z.array(ZAvailableUserDto)) } },
      },
      async (request) =>
        ok(await assignments.availableUsers(requireCompany(request.auth), request.params.id)),
    );
  }

  // ---------- Public ticket forms (staff side) ----------
  {
    const tags = ['maintenance forms'];

    app.get(
      '/forms',
      { config: { access: read }, schema: { tags, response: { 200: zOk(z.array(ZTicketFormDto)) } } },
      async (request) => ok(await forms.list(requireCompany(request.auth))),
    );

    app.post(
      '/forms',
      {
        config: { access: manage },
        schema: { tags, body: ZTicketFormBody, response: { 201: zOk(ZTicketFormDto) } },
      },
      async (request, reply) => {
        reply.status(201);
        return ok(
          await forms.create(requireCompany(request.auth), request.body),
          'Form created successfully',
        );
      },
    );

    app.put(
      '/forms/:id',
      {
        config: { access: manage },
        schema: {
          tags,
          params: ZIdParams,
          body: ZTicketFormUpdateBody,
          response: { 200: zOk(ZTicketFormDto) },
        },
      },
      async (request) =>
        ok(
          await forms.update(requireCompany(request.auth), request.params.id, request.body),
          'Form updated successfully',
        ),
    );

    app.delete(
      '/forms/:id',
      {
        config: { access: access.companyAny('maintenance_delete', 'maintenance_update') },
        schema: { tags, params: ZIdParams, response: { 200: ZOkMessage } },
      },
      async (request) => {
        await forms.remove(requireCompany(request.auth), request.params.id);
        return okMessage('Form deleted successfully');
      },
    );
  }
};

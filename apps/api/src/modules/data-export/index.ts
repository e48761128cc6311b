import fp from 'fastify-plugin';
import type { RequireAuth } from '../../plugins/authenticate';
import { registerDataExportRoutes } from './data-export.routes';
import type { DataExportService } from './data-export.service';

export { createDataExportRepository } from './data-export.repository';
export { createDataExportService, EXPORT_STALE_MS, type DataExportService } from './data-export.service';

export type DataExportModuleOptions = { service: DataExportService; requireAuth: RequireAuth };

/** "Download my data": a copy of everything the member stored, prepared in the background. */
export const dataExportModule = fp<DataExportModuleOptions>(
  async (app, { service, requireAuth }) => registerDataExportRoutes(app, service, requireAuth),
  { name: 'data-export' },
);

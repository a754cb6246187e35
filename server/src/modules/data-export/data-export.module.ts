import type { AppModule } from '../module.ts';
import { createDataExportCalls, registerDataExportDownload } from './data-export.routes.ts';
import type { DataExportService } from './data-export.service.ts';

/** The personal data export: asking for one, its state, and the mailed single-use download link. */
export function dataExportModule(d: { dataExports: DataExportService }): AppModule {
  return { calls: createDataExportCalls(d), register: (app) => registerDataExportDownload(app, d) };
}

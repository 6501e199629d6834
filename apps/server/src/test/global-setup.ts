import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../app';
import { openDatabase } from '../kernel/db/connect';
import {
  createTemplateDatabase,
  describeTemplate,
  dialectsUnderTest,
  dropCopies,
  type TemplateDatabase,
  type TestDatabase,
} from './databases';
import { testConfig } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database of each dialect under test (see `copyTemplateDatabase`). */
    shelfwiseTemplates: TemplateDatabase[];
  }
}

/**
 * Global setup of the database suites: migrates and seeds one template database per dialect under test, as a test
 * app's start would (same configuration, same code), for the test files to copy; drops them at the end of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const made: TestDatabase[] = [];
  let templates: TemplateDatabase[] = [];
  const drop = async () => {
    // the copies first: a PostgreSQL template with a copy being made cannot be dropped
    await Promise.all(templates.map((t) => dropCopies(t).catch(() => undefined)));
    await Promise.all(made.map((db) => db.drop().catch(() => undefined)));
  };
  try {
    templates = await Promise.all(
      dialectsUnderTest().map(async (dialect) => {
        const db = await createTemplateDatabase(dialect);
        made.push(db);
        const { db: kysely, close } = openDatabase(db.url);
        try {
          const seed = await prepareDatabase(kysely, testConfig(db));
          return await describeTemplate(db, seed);
        } finally {
          // a PostgreSQL template must have no connection left when it is copied
          await close();
        }
      }),
    );
    project.provide('shelfwiseTemplates', templates);
  } catch (e) {
    await drop();
    throw e;
  }
  return drop;
}

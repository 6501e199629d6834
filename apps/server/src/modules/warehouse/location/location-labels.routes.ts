import { api } from '@shelfwise/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../kernel/http/define-route';
import type { Kernel } from '../../../kernel/http/kernel';
import { createLocationLabelService } from './location-labels';

/** Routes of location labels: what they show (browser printing) and the PDF. */
export function registerLocationLabelRoutes(app: FastifyInstance, kernel: Kernel) {
  const labels = createLocationLabelService(kernel);
  const l = api.warehouseLocation;
  defineRoute(app, kernel, l.labels, (input, ctx) => labels.labels(ctx, input));
  defineRoute(app, kernel, l.labelsPdf, async (input, ctx, { reply }) => {
    const pdf = await labels.pdf(ctx, input);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="location-labels-${stamp}.pdf"`)
      .send(pdf) as never;
  });
}

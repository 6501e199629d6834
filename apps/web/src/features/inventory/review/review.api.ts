import { routes as api, type RouteInput, type RouteOutput } from '@shelfwise/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/client';

/** A review task. */
export type ReviewRow = RouteOutput<typeof api.inventoryReviewTask.page>['items'][number];
/** A line of a review task (blind: no book, no first count). */
export type ReviewLine = RouteOutput<typeof api.inventoryReviewTask.lines>[number];
/** The body of a review of one line. */
export type ReviewInput = RouteInput<typeof api.inventoryReviewTask.review>;
/** The body of a new review task. */
export type CreateReviewInput = RouteInput<typeof api.inventoryReviewTask.create>;

/** Query keys of the review tasks. */
export const reviewKeys = {
  all: ['inventoryReviewTask'] as const,
  detail: (id: number) => ['inventoryReviewTask', 'detail', id] as const,
  lines: (id: number) => ['inventoryReviewTask', 'lines', id] as const,
};

/** One review task. */
export function useReviewTask(id: number | undefined) {
  return useQuery({
    queryKey: reviewKeys.detail(id ?? 0),
    queryFn: () => call(api.inventoryReviewTask.detail, { id: id as number }),
    enabled: !!id,
  });
}

/** The lines of a review task. */
export function useReviewLines(id: number | undefined) {
  return useQuery({
    queryKey: reviewKeys.lines(id ?? 0),
    queryFn: () => call(api.inventoryReviewTask.lines, { id: id as number }),
    enabled: !!id,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  // the audit centre shows open reviews and line statuses
  return () =>
    Promise.all(
      [reviewKeys.all, ['inventoryCheckAudit'], ['inventoryCheckItem'], ['inventoryCheckTask']].map((queryKey) =>
        qc.invalidateQueries({ queryKey }),
      ),
    );
}

/** Raises a review task (silently: the dialog shows a refusal); answers its id. */
export function useCreateReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: CreateReviewInput) => call(api.inventoryReviewTask.create, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Assigns a review task (silently). */
export function useAssignReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.inventoryReviewTask.assign>) =>
      call(api.inventoryReviewTask.assign, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Cancels an open review task (silently). */
export function useCancelReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.inventoryReviewTask.cancel>) =>
      call(api.inventoryReviewTask.cancel, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Completes a review task (silently: the drawer shows the server's message, e.g. lines still missing). */
export function useCompleteReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RouteInput<typeof api.inventoryReviewTask.complete>) =>
      call(api.inventoryReviewTask.complete, input, { silent: true }),
    onSuccess: invalidate,
  });
}

/**
 * Saves the review quantity of one line, optimistically: the line shows the new quantity at once and takes the
 * server's answer (with its new item version) when it comes; on an error the line goes back to what it was.
 */
export function useSaveReviewLine(reviewId: number) {
  const qc = useQueryClient();
  const key = reviewKeys.lines(reviewId);
  return useMutation({
    mutationFn: (input: ReviewInput) => call(api.inventoryReviewTask.review, input, { silent: true }),
    onMutate: async (input) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<ReviewLine[]>(key);
      qc.setQueryData<ReviewLine[]>(key, (lines) =>
        lines?.map((l) =>
          l.itemId === input.itemId
            ? { ...l, reviewQty: input.reviewQty ?? null, abnormalCause: input.abnormalCause ?? null }
            : l,
        ),
      );
      return { before };
    },
    onError: (_e, _input, context) => {
      if (context?.before) qc.setQueryData(key, context.before);
    },
    onSuccess: (line) => {
      // a server that does not send the cause back keeps the one just saved
      qc.setQueryData<ReviewLine[]>(key, (lines) =>
        lines?.map((l) =>
          l.itemId === line.itemId
            ? {
                ...line,
                abnormalCause: line.abnormalCause !== undefined ? line.abnormalCause : (l.abnormalCause ?? null),
              }
            : l,
        ),
      );
      // the task's progress (reviewed / items) changed
      void qc.invalidateQueries({ queryKey: reviewKeys.detail(reviewId) });
      void qc.invalidateQueries({ queryKey: ['inventoryReviewTask', 'page'] });
    },
  });
}

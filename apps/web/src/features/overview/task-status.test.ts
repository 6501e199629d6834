import { AuditStatus, InventoryStatus } from '@shelfwise/contract/enums';
import { describe, expect, it } from 'vitest';
import { audited } from './task-status';

describe('where a task stands on the overview', () => {
  it('reads the audit status once submitted (an approved task is not "Submitted"), else the count status', () => {
    expect(audited({ inventoryStatus: InventoryStatus.submitted, auditStatus: AuditStatus.approved })).toBe(true);
    expect(audited({ inventoryStatus: InventoryStatus.submitted, auditStatus: AuditStatus.pendingAudit })).toBe(true);
    expect(audited({ inventoryStatus: InventoryStatus.counting, auditStatus: AuditStatus.notSubmitted })).toBe(false);
    expect(audited({ inventoryStatus: InventoryStatus.cancelled, auditStatus: AuditStatus.notSubmitted })).toBe(false);
  });
});

import { inventoryCheckItem } from '@shelfwise/contract';
import { describe, expect, it } from 'vitest';
import { checkPicture, countBody, countIsEmpty, totalOf } from './item-count';

describe('count dialog', () => {
  it('refuses an empty count but takes zero', () => {
    expect(countIsEmpty({ by: 'quantity', countedQty: null })).toBe(true);
    expect(countIsEmpty({ by: 'quantity' })).toBe(true);
    expect(countIsEmpty({ by: 'quantity', countedQty: 0 })).toBe(false);
    expect(countIsEmpty({ by: 'cartons' })).toBe(true);
    expect(countIsEmpty({ by: 'cartons', cartons: 0 })).toBe(false);
    expect(countIsEmpty({ by: 'cartons', loose: 3 })).toBe(false);
  });

  it('adds cartons and loose units against the box gauge', () => {
    expect(totalOf(3, 4, 12)).toBe(40);
    expect(totalOf(null, 2.5, 12)).toBe(2.5);
    expect(totalOf(2, null, 6)).toBe(12);
    expect(totalOf(null, null, 6)).toBeNull();
  });

  it('sends the quantity, or cartons and loose (an empty half is 0), as the contract takes it', () => {
    const q = { id: 1, version: 0, ...countBody({ by: 'quantity', countedQty: 0 }) };
    expect(q).toEqual({ id: 1, version: 0, countedQty: 0 });
    expect(inventoryCheckItem.count.input.safeParse(q).success).toBe(true);
    const c = { id: 1, version: 0, ...countBody({ by: 'cartons', cartons: 2 }) };
    expect(c).toEqual({ id: 1, version: 0, cartons: 2, loose: 0 });
    expect(inventoryCheckItem.count.input.safeParse(c).success).toBe(true);
    expect(inventoryCheckItem.count.input.safeParse({ id: 1, version: 0 }).success).toBe(false);
  });

  it('checks pictures in the browser: jpg / jpeg / png up to 10 MB', () => {
    expect(checkPicture({ name: 'a.JPG', size: 1 })).toBeNull();
    expect(checkPicture({ name: 'a.jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkPicture({ name: 'photo', size: 5, type: 'image/png' })).toBeNull();
    expect(checkPicture({ name: 'a.gif', size: 1 })).toBe('pictureType');
    expect(checkPicture({ name: 'a.png', size: 10 * 1024 * 1024 + 1 })).toBe('pictureSize');
  });
});

import { CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, theme } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { colourBuckets, drawPlan, type PlanPalette } from './plan-draw';
import {
  areaAt,
  buildPlanIndex,
  type FloorRect,
  fitView,
  hitTest,
  type PlanArea,
  type PlanGeometry,
  type PlanView,
  planCells,
  zoomView,
} from './plan-geometry';
import '../overview.texts';

export interface PlanCanvasProps {
  /** The floor, its areas and its locations in floor metres (see `geometryOfOverview`). */
  geometry: PlanGeometry;
  /** CSS colour of each location, by index of `geometry.locations`; an empty string leaves it out. */
  colors: readonly string[];
  /** A fill drawn under an area's locations (e.g. a tint), or nothing. */
  areaFill?: (area: PlanArea) => string | undefined;
  /** Stacked bands filling an area, left to right by share (e.g. state counts when its locations are not loaded). */
  areaBars?: ReadonlyMap<number, readonly { color: string; value: number }[]>;
  /** Picture stretched over the floor behind everything (an object URL, data URI or same-origin URL). */
  background?: string;
  /** Opacity of the picture (default 0.55, so coloured locations stay readable on it). */
  backgroundAlpha?: number;
  /** Location index drawn with the selection outline (-1 or undefined: none). */
  selected?: number;
  /** A click on a location (not a drag). */
  onLocationClick?: (index: number) => void;
  /** A click on an area where no location is hit. */
  onAreaClick?: (area: PlanArea) => void;
  /** Content of the tooltip of the location under the pointer. */
  locationTooltip?: (index: number) => ReactNode;
  /** Content of the tooltip of the area under the pointer when no location is hit. */
  areaTooltip?: (area: PlanArea) => ReactNode;
  /** What "fit" shows (default the whole floor), e.g. the one area a plan is narrowed to. */
  fitRect?: FloorRect;
  /** The view is fitted to the floor when this changes (default: when the floor size or location count changes). */
  fitKey?: string;
  /** Changing this pans and zooms to the location index `focus.index`. */
  focus?: { index: number; seq: number };
  /** CSS height of the canvas box (default 560). */
  height?: number | string;
  /** `data-testid` of the canvas element (default `plan-canvas`). */
  testId?: string;
}

/** The canvas element with its test hook: where a location is on the screen, by id, in page pixels. */
export type PlanCanvasElement = HTMLCanvasElement & {
  planScreenPoint?: (locationId: number) => { x: number; y: number } | null;
  /** The centre of an area's rectangle in page pixels. */
  planAreaPoint?: (areaId: number) => { x: number; y: number } | null;
};

const MIN_PIXELS_PER_METRE = 0.02;
const MAX_PIXELS_PER_METRE = 400;

/**
 * A warehouse floor plan on a `<canvas>`, fast enough for 50,000 locations: the floor (with an optional picture),
 * areas and locations drawn from their positions and sizes in metres, each location filled with the colour the caller
 * gives (`colors[i]`, e.g. a count state or a pick heat value), locations sharing a footprint (levels of a rack)
 * drawn as strips. Zoom with the wheel or the buttons, pan by dragging, fit to the screen; the location under the
 * pointer is found through a grid index, shown in a tooltip and reported on click. Used by the 2D warehouse overview
 * and meant for other plan views (heat maps): it knows nothing about counting.
 *
 * The canvas element carries test hooks, `planScreenPoint(locationId)` and `planAreaPoint(areaId)`, answering the
 * centre of a location's drawn rectangle or of an area in page pixels (journeys click there).
 */
export function PlanCanvas({
  geometry,
  colors,
  areaFill,
  areaBars,
  background,
  backgroundAlpha = 0.55,
  selected = -1,
  onLocationClick,
  onAreaClick,
  locationTooltip,
  areaTooltip,
  fitRect,
  fitKey,
  focus,
  height = 560,
  testId = 'plan-canvas',
}: PlanCanvasProps) {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const viewRef = useRef<PlanView | null>(null);
  const sizeRef = useRef({ width: 0, height: 0 });
  const frameRef = useRef(0);
  const [image, setImage] = useState<HTMLImageElement>();
  const [hover, setHover] = useState<{ index: number; area?: PlanArea; x: number; y: number } | null>(null);
  const [grabbing, setGrabbing] = useState(false);

  const cells = useMemo(() => planCells(geometry.locations), [geometry]);
  const index = useMemo(() => buildPlanIndex(cells), [cells]);
  const buckets = useMemo(() => colourBuckets(colors), [colors]);
  const palette = useMemo<PlanPalette>(
    () => ({
      background: token.colorBgContainer,
      floor: token.colorFillQuaternary,
      floorBorder: token.colorBorder,
      areaBorder: token.colorTextTertiary,
      text: token.colorText,
      halo: token.colorBgContainer,
      hover: token.colorText,
      selected: token.colorPrimary,
    }),
    [token],
  );

  useEffect(() => {
    if (!background) {
      setImage(undefined);
      return;
    }
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => setImage(undefined);
    img.src = background;
    return () => {
      img.onload = null;
      img.onerror = null;
    };
  }, [background]);

  // everything the frame needs, read by the draw callback without re-creating it on each change
  const state = useRef({ geometry, cells, buckets, areaFill, areaBars, image, palette, selected, hover, fitRect });
  state.current = { geometry, cells, buckets, areaFill, areaBars, image, palette, selected, hover, fitRect };

  const draw = useCallback(() => {
    frameRef.current = 0;
    const canvas = canvasRef.current;
    const view = viewRef.current;
    const ctx = canvas?.getContext('2d');
    const { width, height: h } = sizeRef.current;
    if (!canvas || !ctx || !view || !width || !h) return;
    const s = state.current;
    drawPlan(ctx, {
      geometry: s.geometry,
      cells: s.cells,
      buckets: s.buckets,
      areaFill: s.areaFill,
      areaBars: s.areaBars,
      image: s.image,
      imageAlpha: backgroundAlpha,
      view,
      width,
      height: h,
      dpr: window.devicePixelRatio || 1,
      hovered: s.hover?.index ?? -1,
      hoveredArea: s.hover && s.hover.index < 0 ? s.hover.area?.id : undefined,
      selected: s.selected,
      palette: s.palette,
    });
  }, [backgroundAlpha]);
  const redraw = useCallback(() => {
    if (!frameRef.current) frameRef.current = requestAnimationFrame(draw);
  }, [draw]);
  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  const fit = useCallback(() => {
    const { width, height: h } = sizeRef.current;
    if (!width || !h) return;
    const g = state.current.geometry;
    viewRef.current = fitView(
      state.current.fitRect ?? { x: 0, y: 0, width: g.floorWidth, length: g.floorLength },
      width,
      h,
    );
    redraw();
  }, [redraw]);

  // the canvas follows its box's size (device pixels for a sharp picture)
  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    if (!box || !canvas) return;
    const observer = new ResizeObserver(() => {
      const width = box.clientWidth;
      const h = box.clientHeight;
      if (!width || !h) return;
      const dpr = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(h * dpr);
      const first = !sizeRef.current.width;
      sizeRef.current = { width, height: h };
      if (first || !viewRef.current) fit();
      else draw();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [fit, draw]);

  const autoKey =
    fitKey ??
    `${geometry.floorWidth}|${geometry.floorLength}|${geometry.locations.id.length}|${fitRect ? `${fitRect.x},${fitRect.y},${fitRect.width},${fitRect.length}` : ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fitting again follows the key only, not every new answer
  useEffect(() => fit(), [autoKey, fit]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: any change of what is drawn needs a frame
  useEffect(() => redraw(), [redraw, geometry, cells, buckets, areaFill, areaBars, image, palette, selected, hover]);

  const zoomBy = useCallback(
    (factor: number, px?: number, py?: number) => {
      const view = viewRef.current;
      if (!view) return;
      const { width, height: h } = sizeRef.current;
      viewRef.current = zoomView(
        view,
        factor,
        px ?? width / 2,
        py ?? h / 2,
        MIN_PIXELS_PER_METRE,
        MAX_PIXELS_PER_METRE,
      );
      redraw();
    },
    [redraw],
  );

  // a focus request: centre the location and zoom so it is about 80 px wide; once per request, not again when the
  // plan is fetched again
  const focused = useRef(0);
  useEffect(() => {
    if (!focus || focus.seq === focused.current || focus.index < 0 || focus.index >= cells.rx.length) return;
    const { width, height: h } = sizeRef.current;
    if (!width || !h) return;
    focused.current = focus.seq;
    const i = focus.index;
    const w = Math.max(cells.rw[i] as number, cells.rh[i] as number, 1e-3);
    const scale = Math.min(MAX_PIXELS_PER_METRE, Math.max(viewRef.current?.scale ?? 0, 80 / w));
    const cx = (cells.rx[i] as number) + (cells.rw[i] as number) / 2;
    const cy = (cells.ry[i] as number) + (cells.rh[i] as number) / 2;
    viewRef.current = { scale, x: width / 2 - cx * scale, y: h / 2 - cy * scale };
    redraw();
  }, [focus, cells, redraw]);

  // the wheel zooms around the pointer; a listener that is not passive may keep the page from scrolling
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = canvas.getBoundingClientRect();
      zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX - r.left, e.clientY - r.top);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  // the test hook
  useEffect(() => {
    const canvas = canvasRef.current as PlanCanvasElement | null;
    if (!canvas) return;
    canvas.planScreenPoint = (locationId: number) => {
      const view = viewRef.current;
      const ids = state.current.geometry.locations.id;
      let i = -1;
      for (let k = 0; k < ids.length; k++)
        if (ids[k] === locationId) {
          i = k;
          break;
        }
      if (!view || i < 0) return null;
      const c = state.current.cells;
      const r = canvas.getBoundingClientRect();
      return {
        x: r.left + ((c.rx[i] as number) + (c.rw[i] as number) / 2) * view.scale + view.x,
        y: r.top + ((c.ry[i] as number) + (c.rh[i] as number) / 2) * view.scale + view.y,
      };
    };
    canvas.planAreaPoint = (areaId: number) => {
      const view = viewRef.current;
      const a = state.current.geometry.areas.find((x) => x.id === areaId);
      if (!view || !a) return null;
      const r = canvas.getBoundingClientRect();
      return {
        x: r.left + (a.x + a.width / 2) * view.scale + view.x,
        y: r.top + (a.y + a.length / 2) * view.scale + view.y,
      };
    };
    return () => {
      canvas.planScreenPoint = undefined;
      canvas.planAreaPoint = undefined;
    };
  }, []);

  const drag = useRef<{ x: number; y: number; vx: number; vy: number; moved: boolean; id: number } | null>(null);
  const pick = (clientX: number, clientY: number) => {
    const canvas = canvasRef.current;
    const view = viewRef.current;
    if (!canvas || !view) return { index: -1, area: undefined, sx: 0, sy: 0 };
    const r = canvas.getBoundingClientRect();
    const sx = clientX - r.left;
    const sy = clientY - r.top;
    const fx = (sx - view.x) / view.scale;
    const fy = (sy - view.y) / view.scale;
    return { index: hitTest(index, cells, fx, fy), area: areaAt(geometry.areas, fx, fy), sx, sy };
  };

  const onPointerDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (e.button !== 0 || !viewRef.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      x: e.clientX,
      y: e.clientY,
      vx: viewRef.current.x,
      vy: viewRef.current.y,
      moved: false,
      id: e.pointerId,
    };
  };
  const onPointerMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d && d.id === e.pointerId && viewRef.current) {
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) > 4) {
        d.moved = true;
        setGrabbing(true);
        setHover(null);
      }
      if (d.moved) {
        viewRef.current = { ...viewRef.current, x: d.vx + dx, y: d.vy + dy };
        redraw();
      }
      return;
    }
    const hit = pick(e.clientX, e.clientY);
    setHover((prev) =>
      hit.index < 0 && !hit.area
        ? null
        : prev && prev.index === hit.index && prev.area === hit.area
          ? prev
          : { index: hit.index, area: hit.area, x: hit.sx, y: hit.sy },
    );
  };
  const onPointerUp = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    setGrabbing(false);
    if (!d || d.id !== e.pointerId || d.moved) return;
    const hit = pick(e.clientX, e.clientY);
    if (hit.index >= 0) onLocationClick?.(hit.index);
    else if (hit.area) onAreaClick?.(hit.area);
  };

  const tip =
    hover && hover.index >= 0 ? locationTooltip?.(hover.index) : hover?.area ? areaTooltip?.(hover.area) : undefined;
  const clickable = hover && ((hover.index >= 0 && onLocationClick) || (hover.index < 0 && onAreaClick));

  return (
    <div
      ref={boxRef}
      style={{
        position: 'relative',
        height,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        touchAction: 'none',
      }}
    >
      <canvas
        ref={canvasRef}
        data-testid={testId}
        style={{
          display: 'block',
          width: '100%',
          height: '100%',
          cursor: grabbing ? 'grabbing' : clickable ? 'pointer' : 'grab',
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          setGrabbing(false);
        }}
        onPointerLeave={() => {
          if (!drag.current) setHover(null);
        }}
      />
      {tip && hover ? (
        <div
          data-testid="plan-tooltip"
          style={{
            position: 'absolute',
            left: Math.min(hover.x + 14, (sizeRef.current.width || 0) - 220),
            top: hover.y + 14,
            maxWidth: 260,
            pointerEvents: 'none',
            padding: '6px 10px',
            borderRadius: token.borderRadius,
            background: token.colorBgSpotlight,
            color: token.colorTextLightSolid,
            fontSize: 12,
            boxShadow: token.boxShadowSecondary,
            zIndex: 2,
          }}
        >
          {tip}
        </div>
      ) : null}
      <Flex vertical gap={4} style={{ position: 'absolute', right: 12, bottom: 12, zIndex: 1 }}>
        <Tooltip title={t('plan.zoomIn')} placement="left">
          <Button icon={<PlusOutlined />} aria-label={t('plan.zoomIn')} onClick={() => zoomBy(1.4)} />
        </Tooltip>
        <Tooltip title={t('plan.zoomOut')} placement="left">
          <Button icon={<MinusOutlined />} aria-label={t('plan.zoomOut')} onClick={() => zoomBy(1 / 1.4)} />
        </Tooltip>
        <Tooltip title={t('plan.fit')} placement="left">
          <Button icon={<CompressOutlined />} aria-label={t('plan.fit')} onClick={fit} data-testid={`${testId}-fit`} />
        </Tooltip>
      </Flex>
    </div>
  );
}

import { CompressOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Canvas } from '@react-three/fiber';
import { Button, Flex, Tooltip, theme } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanArea, PlanGeometry } from '../plan/plan-geometry';
import { sceneColors, slabColor } from './scene-colors';
import { type SceneApi, SceneContent, type ScenePalette } from './scene-content';
import type { SceneBoxes } from './scene-math';
import '../overview.texts';

let software: boolean | undefined;

/**
 * Whether WebGL is drawn in software here (SwiftShader, llvmpipe: no GPU, e.g. a virtual desktop), asked once of a
 * throw-away context. Such renderers get no multisampling and one pixel per CSS pixel: both cost them dearly.
 */
function softwareRenderer(): boolean {
  if (software === undefined) {
    try {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      const name = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
      software = /swiftshader|llvmpipe|softpipe|software/i.test(name);
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      software = false;
    }
  }
  return software;
}

/** The scene's element with its test and benchmark hook. */
export type Scene3dElement = HTMLDivElement & {
  scene3d?: {
    /** Turns the camera round the scene, one frame after another, until called with false. */
    orbit(on: boolean): void;
    /** Frames rendered so far. */
    frames(): number;
    /** The WebGL renderer (`UNMASKED_RENDERER_WEBGL`, e.g. SwiftShader when it is software). */
    renderer(): string;
    /** Where a location's centre is on the page, by id (null when it is not in the scene). */
    screenPointOf(locationId: number): { x: number; y: number } | null;
  };
};

/** What colours the scene: the locations' states and filter matches, and the areas drawn as slabs. */
export interface SceneColoring {
  state: ArrayLike<number>;
  match: ArrayLike<number>;
  /** Colour of each state (`statePalette`). */
  palette: Record<number, string>;
  /** States shown alone (legend); empty: all. */
  only: ReadonlySet<number>;
  /** State counts of the areas drawn as slabs when their locations are not loaded, by area id. */
  slabs?: ReadonlyMap<number, Record<string, number>>;
}

export interface WarehouseSceneProps {
  geometry: PlanGeometry;
  boxes: SceneBoxes;
  coloring: SceneColoring;
  selected: number;
  flyTo?: { index: number; seq: number };
  frame: { key: string; x: number; y: number; width: number; length: number; height: number };
  floorPlan?: string;
  palette: ScenePalette;
  height: string | number;
  onPick: (index: number) => void;
  onAreaPick?: (area: PlanArea) => void;
  locationTooltip: (index: number) => ReactNode;
  areaTooltip: (area: PlanArea) => ReactNode;
}

/**
 * The 3D warehouse in a WebGL canvas (three.js through @react-three/fiber), rendered on demand: orbit with the left
 * button, pan with the right one, zoom with the wheel, or the buttons; a tooltip names what is under the pointer.
 * The box element carries the `scene3d` hook journeys and the benchmark use.
 */
export function WarehouseScene(props: WarehouseSceneProps) {
  const { t } = useTranslation('overview');
  const { token } = theme.useToken();
  const boxRef = useRef<Scene3dElement>(null);
  const apiRef = useRef<SceneApi | null>(null);
  const [hover, setHover] = useState<{ index: number; area?: PlanArea; x: number; y: number } | null>(null);
  const [slow] = useState(softwareRenderer);
  const { coloring } = props;
  const background = props.palette.background;
  const colors = useMemo(
    () => sceneColors(coloring.state, coloring.match, coloring.palette, coloring.only, background),
    [coloring, background],
  );
  const areaSlabs = useMemo(
    () =>
      coloring.slabs
        ? new Map([...coloring.slabs].map(([id, states]) => [id, slabColor(states, coloring.palette, coloring.only)]))
        : undefined,
    [coloring],
  );

  const ids = props.geometry.locations.id;
  const indexOf = useMemo(() => {
    const m = new Map<number, number>();
    for (let i = 0; i < ids.length; i++) m.set(ids[i] as number, i);
    return m;
  }, [ids]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    box.scene3d = {
      orbit: (on) => apiRef.current?.orbit(on),
      frames: () => apiRef.current?.frames() ?? 0,
      renderer: () => apiRef.current?.renderer() ?? '',
      screenPointOf: (id) => apiRef.current?.screenPointOf(indexOf.get(id) ?? -1) ?? null,
    };
    return () => {
      box.scene3d = undefined;
    };
  }, [indexOf]);

  const tip =
    hover && hover.index >= 0 ? props.locationTooltip(hover.index) : hover?.area ? props.areaTooltip(hover.area) : null;
  const span = Math.max(props.geometry.floorWidth, props.geometry.floorLength, 10);

  return (
    <div
      ref={boxRef}
      data-testid="scene3d"
      style={{
        position: 'relative',
        height: props.height,
        borderRadius: token.borderRadiusLG,
        overflow: 'hidden',
        border: `1px solid ${token.colorBorderSecondary}`,
        background: props.palette.background,
        cursor: hover ? 'pointer' : 'grab',
      }}
    >
      <Canvas
        frameloop="demand"
        dpr={slow ? 1 : [1, 2]}
        camera={{ fov: 50, near: 0.05, far: span * 20, position: [0, span, span] }}
        gl={{ antialias: !slow, powerPreference: 'high-performance' }}
        data-testid="scene3d-canvas"
      >
        <SceneContent
          geometry={props.geometry}
          boxes={props.boxes}
          colors={colors}
          areaSlabs={areaSlabs}
          selected={props.selected}
          flyTo={props.flyTo}
          frame={props.frame}
          floorPlan={props.floorPlan}
          palette={props.palette}
          onPick={props.onPick}
          onAreaPick={props.onAreaPick}
          onHover={setHover}
          apiRef={apiRef}
        />
      </Canvas>
      {tip && hover ? (
        <div
          data-testid="scene3d-tooltip"
          style={{
            position: 'absolute',
            left: hover.x + 14,
            top: hover.y + 14,
            maxWidth: 260,
            pointerEvents: 'none',
            padding: '6px 10px',
            borderRadius: token.borderRadius,
            background: token.colorBgSpotlight,
            color: token.colorTextLightSolid,
            fontSize: 12,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {tip}
        </div>
      ) : null}
      <Flex vertical gap={4} style={{ position: 'absolute', right: 12, bottom: 12 }}>
        <Tooltip title={t('plan.zoomIn')} placement="left">
          <Button icon={<PlusOutlined />} aria-label={t('plan.zoomIn')} onClick={() => apiRef.current?.zoom(1.5)} />
        </Tooltip>
        <Tooltip title={t('plan.zoomOut')} placement="left">
          <Button
            icon={<MinusOutlined />}
            aria-label={t('plan.zoomOut')}
            onClick={() => apiRef.current?.zoom(1 / 1.5)}
          />
        </Tooltip>
        <Tooltip title={t('plan.fit')} placement="left">
          <Button
            icon={<CompressOutlined />}
            aria-label={t('plan.fit')}
            onClick={() => apiRef.current?.fit()}
            data-testid="scene3d-fit"
          />
        </Tooltip>
      </Flex>
    </div>
  );
}

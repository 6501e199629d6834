import { CameraControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Color,
  EdgesGeometry,
  Float32BufferAttribute,
  type PerspectiveCamera,
  PlaneGeometry,
  Raycaster,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  Vector2,
  Vector3,
} from 'three';
import { areaAt, type PlanArea, type PlanGeometry } from '../plan/plan-geometry';
import { surfaceShade } from './scene-colors';
import {
  cornerColors,
  FACE_SIDES,
  type FaceSide,
  facingCount,
  overallView,
  pickBox,
  rackMesh,
  type SceneBoxes,
  viewOf,
} from './scene-math';

/** Theme colours of the scene. */
export interface ScenePalette {
  background: string;
  floor: string;
  areaLine: string;
  selection: string;
}

/** What the page asks of the scene from outside the canvas (fit, zoom, the test hook). */
export interface SceneApi {
  fit(): void;
  zoom(factor: number): void;
  orbit(on: boolean): void;
  frames(): number;
  renderer(): string;
  screenPointOf(index: number): { x: number; y: number } | null;
}

export interface SceneContentProps {
  geometry: PlanGeometry;
  boxes: SceneBoxes;
  /** Linear RGB of each location (3 floats each). */
  colors: Float32Array;
  /** Fill of the areas drawn as slabs (when locations are not loaded), by area id. */
  areaSlabs?: ReadonlyMap<number, string>;
  selected: number;
  /** Changing `seq` flies the camera to the location `index`. */
  flyTo?: { index: number; seq: number };
  /** The rectangle the camera frames at first and on "fit" (floor metres); changing `key` frames it again. */
  frame: { key: string; x: number; y: number; width: number; length: number; height: number };
  floorPlan?: string;
  palette: ScenePalette;
  onPick: (index: number) => void;
  onAreaPick?: (area: PlanArea) => void;
  onHover: (hit: { index: number; area?: PlanArea; x: number; y: number } | null) => void;
  apiRef: RefObject<SceneApi | null>;
}

const unitBox = new BoxGeometry(1, 1, 1);
const unitEdges = new EdgesGeometry(unitBox);

/** The unit box with the scene's light baked into a colour per face (see `SCENE_LIGHT`), for unlit materials. */
const shadedBox = (() => {
  const g = new BoxGeometry(1, 1, 1);
  const normal = g.getAttribute('normal');
  const shade = new Float32Array(normal.count * 3);
  for (let v = 0; v < normal.count; v++) {
    surfaceShade([normal.getX(v), normal.getY(v), normal.getZ(v)]).toArray(shade, 3 * v);
  }
  g.setAttribute('color', new Float32BufferAttribute(shade, 3));
  g.deleteAttribute('normal');
  g.deleteAttribute('uv');
  return g;
})();
/** The light on the floor (it faces up). */
const floorShade = surfaceShade([0, 1, 0]);

/**
 * The racks of the warehouse: a box per location in its colour, as one set of corners drawn once per face direction
 * (six meshes sharing the corners), each direction lit by its baked shade and sending only the faces turned towards
 * the camera (`rackMesh`). Not one instanced box per location: software renderers (no GPU) pay per instance and per
 * triangle, and this sends at most half the triangles in six draws.
 */
function Racks({ boxes, colors }: { boxes: SceneBoxes; colors: Float32Array }) {
  const invalidate = useThree((s) => s.invalidate);
  const built = useMemo(() => {
    const mesh = rackMesh(boxes);
    const position = new Float32BufferAttribute(mesh.positions, 3);
    const color = new Float32BufferAttribute(new Float32Array(mesh.positions.length), 3);
    const shape = new BufferGeometry();
    shape.setAttribute('position', position);
    shape.computeBoundingSphere();
    shape.computeBoundingBox();
    const faces = mesh.faces.map((face, f) => {
      const side = FACE_SIDES[f] as FaceSide;
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', position);
      geometry.setAttribute('color', color);
      geometry.setIndex(new BufferAttribute(face.indices, 1));
      geometry.boundingSphere = shape.boundingSphere;
      geometry.boundingBox = shape.boundingBox;
      const normal: [number, number, number] = [0, 0, 0];
      normal[side.axis] = side.sign;
      return { geometry, planes: face.planes, side, shade: surfaceShade(normal) };
    });
    return { color, faces };
  }, [boxes]);
  useEffect(
    () => () => {
      for (const f of built.faces) f.geometry.dispose();
    },
    [built],
  );
  useLayoutEffect(() => {
    cornerColors(colors, boxes.count, built.color.array as Float32Array);
    built.color.needsUpdate = true;
    invalidate();
  }, [built, colors, boxes.count, invalidate]);
  if (!boxes.count) return null;
  return (
    <group>
      {built.faces.map((f) => (
        <mesh
          key={`${f.side.axis}${f.side.sign}`}
          geometry={f.geometry}
          raycast={() => null}
          onBeforeRender={(_r, _s, camera) => {
            const p = camera.position;
            f.geometry.setDrawRange(0, 6 * facingCount(f.planes, f.side, [p.x, p.y, p.z]));
          }}
        >
          <meshBasicMaterial vertexColors color={f.shade} />
        </mesh>
      ))}
    </group>
  );
}

/** The floor with the floor plan picture on it, and the outlines of the areas. */
function Floor({ geometry, palette, floorPlan }: Pick<SceneContentProps, 'geometry' | 'palette' | 'floorPlan'>) {
  const invalidate = useThree((s) => s.invalidate);
  const texture = useFloorTexture(floorPlan, invalidate);
  const outlines = useMemo(() => {
    const pts: number[] = [];
    for (const a of geometry.areas) {
      const corners = [
        [a.x, a.y],
        [a.x + a.width, a.y],
        [a.x + a.width, a.y + a.length],
        [a.x, a.y + a.length],
      ];
      for (let k = 0; k < 4; k++) {
        const p = corners[k] as number[];
        const q = corners[(k + 1) % 4] as number[];
        pts.push(p[0] as number, 0.02, p[1] as number, q[0] as number, 0.02, q[1] as number);
      }
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(pts, 3));
    // white, as the floor's: the lines then share the racks' shader too
    g.setAttribute('color', new Float32BufferAttribute(new Float32Array(pts.length).fill(1), 3));
    return g;
  }, [geometry.areas]);
  useEffect(() => () => outlines.dispose(), [outlines]);
  const w = geometry.floorWidth;
  const l = geometry.floorLength;
  const color = useMemo(
    () => new Color(texture ? '#ffffff' : palette.floor).multiply(floorShade),
    [texture, palette.floor],
  );
  // white corners: the floor's material is then the racks' (vertex colours), one shader fewer to compile (each
  // costs a software renderer a tenth of a second or more before the first frame)
  const plane = useMemo(() => {
    const g = new PlaneGeometry(w, l);
    g.setAttribute('color', new Float32BufferAttribute(new Float32Array(12).fill(1), 3));
    return g;
  }, [w, l]);
  useEffect(() => () => plane.dispose(), [plane]);
  return (
    <group>
      <mesh rotation-x={-Math.PI / 2} position={[w / 2, 0, l / 2]} geometry={plane} raycast={() => null}>
        {/* a new material when the picture comes or goes: a map changes the shader */}
        <meshBasicMaterial key={texture?.uuid ?? 'plain'} vertexColors color={color} map={texture ?? null} />
      </mesh>
      <lineSegments geometry={outlines} raycast={() => null}>
        <lineBasicMaterial vertexColors color={palette.areaLine} />
      </lineSegments>
    </group>
  );
}

/** The floor plan picture as a texture (undefined while loading or without one). */
function useFloorTexture(url: string | undefined, invalidate: () => void): Texture | undefined {
  const [texture, setTexture] = useState<Texture>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    const loaded = new TextureLoader().load(url, (t) => {
      if (!live) return;
      t.colorSpace = SRGBColorSpace;
      setTexture(t);
      invalidate();
    });
    return () => {
      live = false;
      loaded.dispose();
      setTexture(undefined);
    };
  }, [url, invalidate]);
  return texture;
}

/** Slabs standing for the areas when their locations are not loaded (a warehouse too large to draw at once). */
function AreaSlabs({ areas, slabs }: { areas: readonly PlanArea[]; slabs: ReadonlyMap<number, string> }) {
  return (
    <group>
      {areas.map((a) =>
        slabs.has(a.id) ? (
          <mesh
            key={a.id}
            position={[a.x + a.width / 2, 0.15, a.y + a.length / 2]}
            scale={[a.width * 0.98, 0.3, a.length * 0.98]}
            geometry={shadedBox}
            raycast={() => null}
          >
            <meshBasicMaterial vertexColors color={slabs.get(a.id)} />
          </mesh>
        ) : null,
      )}
    </group>
  );
}

/** The outline around the selected location. */
function Selection({ boxes, index, color }: { boxes: SceneBoxes; index: number; color: string }) {
  if (index < 0 || index >= boxes.count) return null;
  const pad = 1.12;
  return (
    <lineSegments
      geometry={unitEdges}
      position={[boxes.c[3 * index] as number, boxes.c[3 * index + 1] as number, boxes.c[3 * index + 2] as number]}
      scale={[
        2 * (boxes.h[3 * index] as number) * pad,
        2 * (boxes.h[3 * index + 1] as number) * pad,
        2 * (boxes.h[3 * index + 2] as number) * pad,
      ]}
      raycast={() => null}
    >
      <lineBasicMaterial color={color} depthTest={false} transparent />
    </lineSegments>
  );
}

/** Everything inside the canvas: lights, floor, racks, selection, camera controls, picking and the page's API. */
export function SceneContent(props: SceneContentProps) {
  const { geometry, boxes, colors, selected, flyTo, frame, palette, apiRef } = props;
  const controls = useRef<CameraControls>(null);
  const { camera, gl, invalidate } = useThree();
  const orbiting = useRef(false);
  const frames = useRef(0);
  const handlers = useRef(props);
  handlers.current = props;

  useFrame((_, delta) => {
    frames.current++;
    if (orbiting.current && controls.current) {
      controls.current.rotate(delta * 0.5, 0, false);
      invalidate();
    }
  });

  const fit = useCallback(
    (smooth: boolean) => {
      const f = handlers.current.frame;
      const cam = camera as PerspectiveCamera;
      const v = overallView(f.x, f.y, f.width, f.length, f.height, cam.fov, cam.aspect);
      void controls.current?.setLookAt(...v.position, ...v.target, smooth);
    },
    [camera],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: framing again follows the key only
  useEffect(() => fit(false), [frame.key, fit]);

  // once per request: the scene fetched again (live counting) leaves the camera where the user put it
  const flown = useRef(0);
  useEffect(() => {
    if (!flyTo || flyTo.seq === flown.current || flyTo.index < 0 || flyTo.index >= boxes.count) return;
    flown.current = flyTo.seq;
    const v = viewOf(boxes, flyTo.index);
    void controls.current?.setLookAt(...v.position, ...v.target, true);
  }, [flyTo, boxes]);

  // the page's handle, and the test hook on it
  useEffect(() => {
    apiRef.current = {
      fit: () => fit(true),
      zoom: (factor) => void controls.current?.dolly(controls.current.distance * (1 - 1 / factor), true),
      orbit: (on) => {
        orbiting.current = on;
        invalidate();
      },
      frames: () => frames.current,
      renderer: () => {
        const ctx = gl.getContext();
        const info = ctx.getExtension('WEBGL_debug_renderer_info');
        return String(info ? ctx.getParameter(info.UNMASKED_RENDERER_WEBGL) : ctx.getParameter(ctx.RENDERER));
      },
      screenPointOf: (index) => {
        if (index < 0 || index >= boxes.count) return null;
        const p = new Vector3(boxes.c[3 * index], boxes.c[3 * index + 1], boxes.c[3 * index + 2]).project(camera);
        const r = gl.domElement.getBoundingClientRect();
        return { x: r.left + ((p.x + 1) / 2) * r.width, y: r.top + ((1 - p.y) / 2) * r.height };
      },
    };
    return () => {
      apiRef.current = null;
    };
  }, [apiRef, fit, invalidate, gl, camera, boxes]);

  // picking: a click (not a drag) selects the location under the pointer; hovering names it
  useEffect(() => {
    const el = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    let down: { x: number; y: number } | null = null;
    let pending = 0;
    const hit = (clientX: number, clientY: number) => {
      const r = el.getBoundingClientRect();
      ndc.set(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const o = raycaster.ray.origin;
      const d = raycaster.ray.direction;
      const picked = pickBox(boxes, [o.x, o.y, o.z], [d.x, d.y, d.z]);
      let area: PlanArea | undefined;
      if (d.y < 0) {
        const t = -o.y / d.y;
        area = areaAt(geometry.areas, o.x + d.x * t, o.z + d.z * t);
      }
      return { index: picked.index, area, x: clientX - r.left, y: clientY - r.top };
    };
    const onDown = (e: PointerEvent) => {
      down = { x: e.clientX, y: e.clientY };
      handlers.current.onHover(null);
    };
    const onUp = (e: PointerEvent) => {
      if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5) {
        down = null;
        return;
      }
      down = null;
      const h = hit(e.clientX, e.clientY);
      if (h.index >= 0) handlers.current.onPick(h.index);
      else if (h.area) handlers.current.onAreaPick?.(h.area);
    };
    const onMove = (e: PointerEvent) => {
      if (down || e.buttons) return;
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(() => {
        const h = hit(e.clientX, e.clientY);
        handlers.current.onHover(h.index >= 0 || h.area ? h : null);
      });
    };
    const onLeave = () => {
      cancelAnimationFrame(pending);
      handlers.current.onHover(null);
    };
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(pending);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerleave', onLeave);
    };
  }, [gl, camera, boxes, geometry.areas]);

  const span = Math.max(geometry.floorWidth, geometry.floorLength, 10);
  return (
    <>
      <color attach="background" args={[palette.background]} />
      {/* no lights: the light is baked into the colours (SCENE_LIGHT) */}
      <Floor geometry={geometry} palette={palette} floorPlan={props.floorPlan} />
      {props.areaSlabs ? <AreaSlabs areas={geometry.areas} slabs={props.areaSlabs} /> : null}
      <Racks boxes={boxes} colors={colors} />
      <Selection boxes={boxes} index={selected} color={palette.selection} />
      <CameraControls
        ref={controls}
        makeDefault
        minDistance={0.5}
        maxDistance={span * 4}
        maxPolarAngle={Math.PI / 2 - 0.02}
        dollyToCursor
      />
    </>
  );
}

import { Alert, Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './scan.texts';

// The Barcode Detection API is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
  format: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorCtor {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

const WANTED = ['code_128', 'ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_39', 'itf', 'qr_code', 'data_matrix'];

function detectorClass(): BarcodeDetectorCtor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

/**
 * The formats the browser's BarcodeDetector reads among those a warehouse uses, or an empty list when camera
 * scanning is not possible here (no API, no camera access: plain HTTP is not a secure context).
 */
export async function cameraFormats(): Promise<string[]> {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return [];
  try {
    const supported = await Detector.getSupportedFormats();
    return WANTED.filter((f) => supported.includes(f));
  } catch {
    return [];
  }
}

/** Same code again within this time is the same barcode still in view, not a new scan. */
const REPEAT_MS = 1_500;

/**
 * A camera dialog that keeps reading barcodes while open (back camera, a frame every ~150 ms) and hands each new
 * code to `onCode`; the same code again counts only once it has left the view for a moment.
 */
export function CameraScanner(props: {
  open: boolean;
  formats: string[];
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('scan');
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState(false);
  const onCode = useRef(props.onCode);
  onCode.current = props.onCode;

  useEffect(() => {
    if (!props.open) return;
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', at: 0 };
    const detector = new Detector({ formats: props.formats });
    setError(false);

    const tick = async () => {
      if (stopped) return;
      const v = video.current;
      if (v && v.readyState >= 2) {
        try {
          const found = await detector.detect(v);
          const code = found[0]?.rawValue;
          const now = Date.now();
          if (code && (code !== last.code || now - last.at > REPEAT_MS)) onCode.current(code);
          if (code) last = { code, at: now };
        } catch {
          // a frame the detector could not read
        }
      }
      timer = setTimeout(tick, 150);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => setError(true));

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [props.open, props.formats]);

  return (
    <Modal
      open={props.open}
      title={t('cameraTitle')}
      onCancel={props.onClose}
      footer={
        <Button size="large" block onClick={props.onClose} data-testid="scan-camera-close">
          {t('close')}
        </Button>
      }
      destroyOnHidden
      centered
      width={480}
    >
      {error ? (
        <Alert type="error" showIcon title={t('error.camera')} />
      ) : (
        <>
          <video ref={video} className="sw-scan-video" muted playsInline />
          <Typography.Text type="secondary">{t('cameraHint')}</Typography.Text>
        </>
      )}
    </Modal>
  );
}

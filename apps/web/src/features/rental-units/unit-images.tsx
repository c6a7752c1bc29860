import { IMAGE_UPLOAD, type ImageDto, type RentalUnitDto } from '@rentora/shared';
import { ImagePlus, Star, Trash2, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ImageWithFallback } from '../../components/image';
import { ProgressBar } from '../../components/progress-bar';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { useDeleteImage, useSetPrimaryImage, useUploadUnitImages } from './rental-units.api';

const ACCEPT = IMAGE_UPLOAD.acceptedMimeTypes.join(',');

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface UploadVariables {
  files: File[];
  onProgress?: (percent: number) => void;
}

interface MutationLike<V> {
  isPending: boolean;
  variables?: V;
  mutate: (variables: V, options?: { onSettled?: () => void }) => void;
}

export interface ImageManagerProps {
  images: readonly ImageDto[];
  canEdit: boolean;
  /** "Unit A-101" or the property name, for alt texts. */
  subject: string;
  upload: MutationLike<UploadVariables>;
  setPrimary: MutationLike<string>;
  remove: MutationLike<string>;
  emptyHint?: string;
}

/** A unit's images (the unit page's Images tab). */
export function UnitImages({ unit, canEdit }: { unit: RentalUnitDto; canEdit: boolean }) {
  const upload = useUploadUnitImages(unit._id);
  const setPrimary = useSetPrimaryImage(unit._id);
  const remove = useDeleteImage(unit._id);
  return (
    <ImageManager
      images={unit.images}
      canEdit={canEdit}
      subject={`Unit ${unit.unitNumber}`}
      upload={upload}
      setPrimary={setPrimary}
      remove={remove}
      emptyHint="Units with photos get more enquiries. The first one becomes the primary image."
    />
  );
}

/** Upload (drag and drop or pick, with progress), choose the primary image, delete. */
export function ImageManager({
  images: stored,
  canEdit,
  subject,
  upload,
  setPrimary,
  remove,
  emptyHint,
}: ImageManagerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [queued, setQueued] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<ImageDto | null>(null);
  const room = IMAGE_UPLOAD.maxImagesPerItem - stored.length;

  function start(files: File[]) {
    const images = files.filter((file) =>
      (IMAGE_UPLOAD.acceptedMimeTypes as readonly string[]).includes(file.type),
    );
    if (images.length < files.length) {
      toast.show({
        type: 'warning',
        title: 'Some files were skipped',
        message: 'Only JPEG, PNG, WebP and AVIF images can be uploaded.',
      });
    }
    if (images.length === 0) return;
    if (images.length > room) {
      toast.show({
        type: 'error',
        title: INVENTORY_MESSAGES.uploadImages,
        message: `At most ${IMAGE_UPLOAD.maxImagesPerItem} images are allowed (${room} more).`,
      });
      return;
    }
    const batch = images.slice(0, IMAGE_UPLOAD.maxFilesPerRequest);
    if (images.length > batch.length) {
      toast.show({
        type: 'info',
        title: `Uploading the first ${batch.length} images`,
        message: 'Add the rest in another batch.',
      });
    }
    setQueued(batch);
    setProgress(0);
    upload.mutate(
      { files: batch, onProgress: setProgress },
      {
        onSettled: () => {
          setProgress(null);
          setQueued([]);
          if (input.current) input.current.value = '';
        },
      },
    );
  }

  // Drag and drop onto the zone (listeners on the element: a drop zone is not a control of its own).
  const dropZone = useRef<HTMLDivElement>(null);
  const onFiles = useRef(start);
  onFiles.current = start;
  const accepting = canEdit && !upload.isPending;
  useEffect(() => {
    const zone = dropZone.current;
    if (!zone || !accepting) return;
    function onDragOver(event: DragEvent) {
      event.preventDefault();
      setDragging(true);
    }
    function onDragLeave() {
      setDragging(false);
    }
    function onDrop(event: DragEvent) {
      event.preventDefault();
      setDragging(false);
      onFiles.current([...(event.dataTransfer?.files ?? [])]);
    }
    zone.addEventListener('dragover', onDragOver);
    zone.addEventListener('dragleave', onDragLeave);
    zone.addEventListener('drop', onDrop);
    return () => {
      zone.removeEventListener('dragover', onDragOver);
      zone.removeEventListener('dragleave', onDragLeave);
      zone.removeEventListener('drop', onDrop);
    };
  }, [accepting]);

  return (
    <div className="space-y-5">
      {canEdit ? (
        <div
          ref={dropZone}
          className={cn(
            'rounded-2xl border-2 border-dashed p-6 text-center transition',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white',
          )}
        >
          {progress === null ? (
            <>
              <UploadCloud className="mx-auto h-10 w-10 text-brand-500" aria-hidden />
              <p className="mt-2 text-sm font-medium text-slate-800">Drop images here, or</p>
              <Button
                className="mt-3"
                variant="secondary"
                onClick={() => input.current?.click()}
                disabled={room <= 0}
                icon={<ImagePlus className="h-4 w-4" aria-hidden />}
              >
                Choose images
              </Button>
              <p className="mt-2 text-xs text-slate-500">
                JPEG, PNG, WebP or AVIF · up to {IMAGE_UPLOAD.maxFilesPerRequest} at a time · {stored.length}/
                {IMAGE_UPLOAD.maxImagesPerItem} used
              </p>
              <input
                ref={input}
                type="file"
                accept={ACCEPT}
                multiple
                className="sr-only"
                aria-label={`Upload ${subject} images`}
                data-testid="unit-image-input"
                onChange={(event) => start([...(event.target.files ?? [])])}
              />
            </>
          ) : (
            <div className="mx-auto max-w-md space-y-3 text-left" aria-live="polite">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium text-slate-800">
                  {progress < 100 ? 'Uploading' : 'Processing'} {queued.length}{' '}
                  {queued.length === 1 ? 'image' : 'images'}…
                </span>
                <span className="text-slate-500">{Math.round(progress)}%</span>
              </div>
              <ProgressBar value={progress} label="Upload progress" />
              <ul className="space-y-1 text-xs text-slate-500">
                {queued.map((file) => (
                  <li key={`${file.name}-${file.size}`} className="flex justify-between gap-2">
                    <span className="truncate">{file.name}</span>
                    <span>{formatBytes(file.size)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : null}

      {stored.length === 0 ? (
        <EmptyState icon={ImagePlus} title="No images yet" description={canEdit ? emptyHint : undefined} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${subject} images`}>
          {stored.map((image) => (
            <li key={image._id}>
              <Card
                className={cn('overflow-hidden', image.isPrimary && 'ring-2 ring-brand-500')}
                data-testid="unit-image"
              >
                <div className="relative aspect-[4/3] bg-slate-100">
                  <ImageWithFallback
                    src={image.thumbnailUrl}
                    alt={image.caption ?? `${subject} image`}
                    className="h-full w-full object-cover"
                  />
                  {image.isPrimary ? (
                    <Badge tone="brand" className="absolute left-2 top-2 gap-1 shadow">
                      <Star className="h-3 w-3 fill-current" aria-hidden /> Primary
                    </Badge>
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-2 p-3">
                  <p className="min-w-0 truncate text-xs text-slate-500">
                    {image.width}×{image.height} · {formatBytes(image.size)} · {formatDate(image.uploadedAt)}
                  </p>
                  {canEdit ? (
                    <div className="flex shrink-0 gap-1">
                      {!image.isPrimary ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setPrimary.mutate(image._id)}
                          loading={setPrimary.isPending && setPrimary.variables === image._id}
                          icon={<Star className="h-4 w-4" aria-hidden />}
                          aria-label="Make primary"
                          title="Make primary"
                        />
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-600 hover:bg-red-50"
                        onClick={() => setDeleting(image)}
                        icon={<Trash2 className="h-4 w-4" aria-hidden />}
                        aria-label="Delete image"
                        title="Delete image"
                      />
                    </div>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete image?"
        description={
          deleting?.isPrimary
            ? 'This is the primary image; the next one becomes primary.'
            : `The image will be removed from ${subject}.`
        }
        confirmLabel="Delete image"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
      />
    </div>
  );
}

import type { PropertyDto } from '@rentora/shared';
import { ImageManager } from '../../rental-units/unit-images';
import { useDeletePropertyPhoto, useSetPrimaryPhoto, useUploadPropertyPhotos } from '../properties.api';

/** The property's own photos: the first (or the one marked) is its cover on the list and the public listing. */
export function PropertyPhotos({ property, canEdit }: { property: PropertyDto; canEdit: boolean }) {
  const upload = useUploadPropertyPhotos(property._id);
  const setPrimary = useSetPrimaryPhoto(property._id);
  const remove = useDeletePropertyPhoto(property._id);
  return (
    <ImageManager
      images={property.photos}
      canEdit={canEdit}
      subject={property.name}
      upload={upload}
      setPrimary={setPrimary}
      remove={remove}
      emptyHint="The cover photo shows on the property list and the public listing; without one, a unit's image is used."
    />
  );
}

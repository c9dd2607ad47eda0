import {
  PHOTO_FILTER_MATRICES,
  PHOTO_FILTERS,
  type PhotoFilter,
  toFeColorMatrixValues,
} from '@memoreel/domain';
import { ImageOff, LoaderCircle } from 'lucide-react';
import { type CSSProperties, useState } from 'react';
import { cn } from '../../lib/cn';
import type { Photo, PhotoUrls } from './photos-api';
import { photosContent } from './photos-content';

const filterId = (filter: PhotoFilter) => `photo-filter-${filter}`;

/** The CSS that shows a photo through one of the eight filters (defined by `PhotoFilterDefinitions`). */
export function photoFilterStyle(filter: PhotoFilter): CSSProperties {
  return filter === 'none' ? {} : { filter: `url(#${filterId(filter)})` };
}

/**
 * The eight filters as SVG `feColorMatrix`, once per page, from the same matrices the video uses.
 * sRGB interpolation makes the browser apply them to the pixel values as sharp does.
 */
export function PhotoFilterDefinitions() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="pointer-events-none absolute size-0">
      <defs>
        {PHOTO_FILTERS.filter((filter) => filter !== 'none').map((filter) => (
          <filter key={filter} id={filterId(filter)} colorInterpolationFilters="sRGB">
            <feColorMatrix type="matrix" values={toFeColorMatrixValues(PHOTO_FILTER_MATRICES[filter])} />
          </filter>
        ))}
      </defs>
    </svg>
  );
}

interface PhotoImageProps {
  photo: Pick<Photo, 'urls' | 'originalName' | 'filter'>;
  size: keyof PhotoUrls;
  /** Shown instead of the photo's own filter, e.g. a filter preview. */
  filter?: PhotoFilter;
  className?: string;
  imageClassName?: string;
  style?: CSSProperties;
  alt?: string;
}

/** A photo at one of its thumbnail sizes with its filter; a calm placeholder while thumbnails are made. */
export function PhotoImage({
  photo,
  size,
  filter,
  className,
  imageClassName,
  style,
  alt = photo.originalName,
}: PhotoImageProps) {
  const src = photo.urls?.[size];
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  if (!src || brokenSrc === src) {
    const Icon = src ? ImageOff : LoaderCircle;
    return (
      <div className={cn('grid place-items-center bg-muted text-muted-foreground', className)}>
        <Icon
          aria-hidden="true"
          className={cn('size-5', !src && 'animate-spin motion-reduce:animate-none')}
        />
        <span className="sr-only">{src ? alt : `${alt}: ${photosContent.addPhotos.processing}`}</span>
      </div>
    );
  }
  return (
    <div className={cn('overflow-hidden bg-muted', className)}>
      <img
        src={src}
        alt={alt}
        // A project's grid and strip hold up to 400 thumbnails: only those near the screen are fetched.
        loading={size === 'grid' || size === 'strip' ? 'lazy' : undefined}
        decoding="async"
        draggable={false}
        onError={() => setBrokenSrc(src)}
        className={cn('size-full select-none object-cover', imageClassName)}
        style={{ ...photoFilterStyle(filter ?? photo.filter), ...style }}
      />
    </div>
  );
}

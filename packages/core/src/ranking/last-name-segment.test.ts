import { describe, expect, it } from 'vitest';
import { lastNameSegment } from './last-name-segment.js';

describe('lastNameSegment', () => {
  it.each([
    ['mcp__slack__send_message', 'send_message'],
    ['MCP__my_server__find_symbol', 'find_symbol'],
    ['filesystem::write_file', 'write_file'],
    ['a::b::getVRGame', 'getVRGame'],
    ['a/b::getVRGame', 'getVRGame'],
    ['environmental_data.air_quality_index', 'air_quality_index'],
    ['MaintenanceConfigurationApi.get_maintenance_config', 'get_maintenance_config'],
    ['mcp__srv__math.factorial', 'factorial'],
    ['server::math.factorial', 'factorial'],
    ['Morning Star::articles/list', 'articles/list'],
    ['Cricbuzz Cricket::teams/get-stats', 'teams/get-stats'],
    ['MoviesDatabase::/titles/utils/titleTypes', '/titles/utils/titleTypes'],
    ['huggingface::dslim/bert-base-NER-uncased', 'dslim/bert-base-NER-uncased'],
    ['tfhub::google/imagenet/mobilenet_v2_100_224/classification/4', 'google/imagenet/mobilenet_v2_100_224/classification/4'],
    ['Correo::/cities/states/:stateIsoCode', '/cities/states/:stateIsoCode'],
    ['Rewards as a Service::7. Get order history', '7. Get order history'],
    ['NOWPayments::6.Getestimatedprice', '6.Getestimatedprice'],
    ['Torrent-Search::Get from 1337.x', 'Get from 1337.x'],
    ['Daily Knowledge::/countries-en.json', '/countries-en.json'],
    ['Image::charcoal_image_charcoal__get', 'charcoal_image_charcoal__get'],
  ])('%s ends with %s', (name, segment) => {
    expect(lastNameSegment(name)).toBe(segment);
  });

  it.each(['plain_name', 'get_stats', 'server/tool', 'charcoal__get', 'getPM2.5Level', 'Best Over 1.5', 'Get all cards.', 'mcp__srv__', 'srv::', 'srv:: '])(
    '%j has no namespace',
    (name) => {
      expect(lastNameSegment(name)).toBeUndefined();
    },
  );
});

@_exported import AsyncObservables

@_exported import struct Foundation.URL

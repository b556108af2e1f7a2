import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
public class SdkServer {
  public static void main(String[] a) throws Exception {
    var mapper = new JacksonMcpJsonMapper(tools.jackson.databind.json.JsonMapper.builder().build());
    var server = McpServer.sync(new StdioServerTransportProvider(mapper)).serverInfo("probe", "1")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build()).build();
    Thread.sleep(Long.MAX_VALUE);
  }
}
